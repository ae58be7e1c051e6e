import Foundation

/// Numbers in what Foundation's JSON reader gives: an API's integers, whichever way a server writes them.
enum JSONNumbers {
    /// A whole number: a JSON number (not a boolean) within ±10¹⁵, or a string of digits; nil otherwise.
    static func integer(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber where !(value is Bool):
            let double = number.doubleValue
            return double.isFinite && abs(double) < 1e15 ? Int(double) : nil
        case let text as String: return Int(text)
        default: return nil
        }
    }
}
