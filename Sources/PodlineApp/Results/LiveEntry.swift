import Foundation
import PodcastKit

/// One live item of `episodes --live`: a live stream a show's feed announces, as scripts read it.
public struct LiveEntry: Equatable, Sendable {
    /// `live/SHOW/N`, which `play` takes.
    public var ref: String
    public var show: String
    public var showTitle: String?
    public var item: FeedLiveItem
    /// The recording an ended item has in the library (its episode reference); nil otherwise.
    public var recording: String?

    public init(ref: String, show: String, showTitle: String?, item: FeedLiveItem, recording: String? = nil) {
        (self.ref, self.show, self.showTitle, self.item, self.recording) = (ref, show, showTitle, item, recording)
    }

    /// The documented JSON object: the reference and show, the item as the feed says it, and its recording.
    public var json: JSONValue {
        guard case .object(let members) = item.json else { return .null }
        return .object(
            [("ref", .string(ref)), ("show", .string(show)), ("show_title", .string(showTitle))] + members + [
                ("recording", .string(recording))
            ])
    }

    /// The line `episodes --live` prints: reference, status and when, show and title.
    public func line(now: Date = Date()) -> String {
        let when: String
        switch item.status {
        case .live: when = "on air" + (item.start.map { " since " + LocalTime.relative($0, from: now) } ?? "")
        case .pending: when = item.start.map { "starts " + LocalTime.relative($0, from: now) } ?? "not started"
        case .ended:
            let end = item.end.map { " " + LocalTime.relative($0, from: now) } ?? ""
            when = "ended\(end)" + (recording.map { ", recording \($0)" } ?? "")
        }
        let status = item.status.rawValue.uppercased()
        return "\(ref)  \(status)  \(TerminalText.safe(showTitle ?? show)) — \(TerminalText.safe(item.displayTitle))  (\(when))"
    }
}

extension LiveEntry: ResultValue {}
