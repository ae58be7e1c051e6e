import Crypto
import Foundation

/// Subresource Integrity (W3C SRI) as `podcast:integrity` gives it: hashes a downloaded file must match, each
/// `sha256-`, `sha384-` or `sha512-` and its digest in base64, separated by spaces. As SRI says, only the strongest
/// algorithm given counts, and one of its digests matching is enough.
public struct Integrity: Sendable, Equatable {
    /// A hash algorithm SRI names, weakest first.
    public enum Algorithm: String, Sendable, Comparable, CaseIterable {
        case sha256, sha384, sha512

        public static func < (lhs: Algorithm, rhs: Algorithm) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The strongest algorithm given.
    public let algorithm: Algorithm
    /// Its digests, any of which the file may match.
    public let digests: Set<Data>

    /// The integrity `text` says; nil when it names no hash Podline knows (a PGP signature, say).
    public init?(_ text: String) {
        var found: [(Algorithm, Data)] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            let parts = token.split(separator: "-", maxSplits: 1)
            guard parts.count == 2, let algorithm = Algorithm(rawValue: parts[0].lowercased()) else { continue }
            // An SRI option (`?…`) after the digest is not part of it.
            let encoded = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
            guard let digest = Data(base64Encoded: encoded) else { continue }
            found.append((algorithm, digest))
        }
        guard let strongest = found.map(\.0).max() else { return nil }
        algorithm = strongest
        digests = Set(found.filter { $0.0 == strongest }.map(\.1))
    }

    /// True when the file at `path` matches; nil when it cannot be read.
    public func matches(fileAt path: String) -> Bool? {
        let digest =
            switch algorithm {
            case .sha256: Self.digest(ofFileAt: path, SHA256())
            case .sha384: Self.digest(ofFileAt: path, SHA384())
            case .sha512: Self.digest(ofFileAt: path, SHA512())
            }
        return digest.map(digests.contains)
    }

    /// The digest `hash` makes of the file at `path`, read a megabyte at a time; nil when it cannot be read.
    private static func digest(ofFileAt path: String, _ hash: some HashFunction) -> Data? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        var hash = hash
        while true {
            let read: Data?
            do { read = try file.read(upToCount: 1 << 20) } catch { return nil }
            // The end of the file: nil or nothing, as the platform has it.
            guard let chunk = read, !chunk.isEmpty else { break }
            hash.update(data: chunk)
        }
        return Data(hash.finalize())
    }
}
