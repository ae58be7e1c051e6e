import AudioEngine
import Foundation
import Logging
import PodcastKit
import Synchronization

/// Whether diagnostic logs are written (`--verbose`), and the one-time set-up of swift-log.
public enum Diagnostics {
    private static let verbose = Atomic<Bool>(false)
    private static let bootstrapped = Atomic<Bool>(false)

    /// True while `--verbose` is in force.
    public static var isVerbose: Bool {
        get { verbose.load(ordering: .relaxed) }
        set { verbose.store(newValue, ordering: .relaxed) }
    }

    /// Routes every `Logger` of the process to standard error, silent unless verbose. Runs once.
    public static func bootstrap() {
        guard !bootstrapped.exchange(true, ordering: .relaxed) else { return }
        LoggingSystem.bootstrap { DiagnosticLogHandler(label: $0) }
    }
}

/// Writes log records to standard error as `podline: [label] level: message key=value`, only while verbose.
package struct DiagnosticLogHandler: LogHandler {
    package let label: String
    package var metadata: Logger.Metadata = [:]

    /// Debug and above while verbose; otherwise nothing gets past the level check.
    package var logLevel: Logger.Level {
        get { Diagnostics.isVerbose ? .debug : .critical }
        set {}
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        guard Diagnostics.isVerbose else { return }
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let details = merged.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let text = "podline: [\(label.replacingOccurrences(of: "podline.", with: ""))] \(event.level): \(event.message)\(details)\n"
        // A private feed's password written into a URL never reaches the log.
        StandardError.write(FeedCredential.redacted(text))
    }
}
