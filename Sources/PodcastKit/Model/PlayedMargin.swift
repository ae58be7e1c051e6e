/// Where an episode counts as played: fewer than `played_margin` seconds from its end, the margin being at most a fifth
/// of the episode (stopping a short one early does not mark it: 12 s into 20 s is a place, 24 s from the end of 120 s
/// is played).
public enum PlayedMargin {
    /// True when `position` of an episode lasting `length` seconds is within `margin` of its end.
    public static func reached(_ position: Double, length: Double, margin: Double) -> Bool {
        length > 0 && position >= length - min(max(0, margin), length / 5)
    }
}
