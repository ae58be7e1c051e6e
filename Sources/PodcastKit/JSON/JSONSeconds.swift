import Foundation

/// Times in the JSON files of the Podcasting 2.0 namespace (chapters, transcripts), as JSONSerialization reads
/// them: a number, or a string holding one as some publishers write; a Boolean is not a time.
enum JSONSeconds {
    /// The class JSON's `true` and `false` come as, told apart from numbers.
    private static let booleanType = type(of: NSNumber(value: true))

    /// `value` as seconds, or nil when it is no number.
    static func from(_ value: Any?) -> Double? {
        if let number = value as? NSNumber, type(of: number) != booleanType { return number.doubleValue }
        if let string = value as? String { return Double(string.trimmingCharacters(in: .whitespaces)) }
        return nil
    }
}
