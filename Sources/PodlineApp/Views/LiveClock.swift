import Foundation
import PodcastKit

/// What a live stream shows in place of its position and length: that it is live, and the time of day.
package enum LiveClock {
    /// "live 14:03:27", the local time at `now`.
    package static func text(now: Date = Date()) -> String { "live " + LocalTime.clock(now, withSeconds: true) }
}
