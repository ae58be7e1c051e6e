/// A mouse report in the SGR encoding (`ESC [ < button ; column ; row M`, or `m` when released), as terminals send it
/// once mode 1006 is on.
public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case press(button: Int)
        case release(button: Int)
        case wheelUp, wheelDown
        /// A move with a button held.
        case drag(button: Int)
    }

    public var kind: Kind
    /// 0-based cell of the report.
    public var row: Int
    public var column: Int

    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }

    /// The report at the start of `bytes` and how many bytes it took; nil when they do not start with a whole report.
    public static func parse(_ bytes: ArraySlice<UInt8>) -> (event: MouseEvent, length: Int)? {
        let prefix: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
        // No length is asked for up front: a report is whole once its final byte came, however short, so that it reads
        // the same whatever follows it.
        guard bytes.count >= 3, Array(bytes.prefix(3)) == prefix else { return nil }
        var numbers = [0]
        var index = bytes.startIndex + 3
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard numbers[numbers.count - 1] < 100_000 else { return nil }
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: ";"):
                guard numbers.count < 3 else { return nil }
                numbers.append(0)
            case UInt8(ascii: "M"), UInt8(ascii: "m"):
                guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
                let code = numbers[0]
                let button = code & 3
                let kind: Kind
                if code & 64 != 0 {
                    kind = button == 0 ? .wheelUp : .wheelDown
                } else if code & 32 != 0 {
                    kind = .drag(button: button)
                } else {
                    kind = byte == UInt8(ascii: "M") ? .press(button: button) : .release(button: button)
                }
                return (MouseEvent(kind: kind, row: numbers[2] - 1, column: numbers[1] - 1), index - bytes.startIndex + 1)
            default:
                return nil
            }
            index += 1
        }
        return nil
    }
}
