/// Rendered JSON gathered and handed on in pieces of about 64 KB, so that a long list is never held whole as text.
public struct JSONPieces {
    /// How much rendered JSON is gathered before it is handed on.
    public static let pieceSize = 64 * 1024

    private var buffer: [UInt8] = []
    private let write: (UnsafeBufferPointer<UInt8>) -> Void

    private init(_ write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.write = write
        buffer.reserveCapacity(Self.pieceSize * 2)
    }

    /// Hands to `write`, in pieces, what `build` adds, and the rest when it returns.
    public static func write(
        to write: (UnsafeBufferPointer<UInt8>) -> Void, _ build: (inout JSONPieces) -> Void
    ) {
        withoutActuallyEscaping(write) { write in
            var pieces = JSONPieces(write)
            build(&pieces)
            pieces.flush()
        }
    }

    /// Adds text written as it is (a bracket, a comma, a member's name).
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Adds `value` rendered, and hands on a piece once one is gathered.
    public mutating func append(_ value: JSONValue) {
        value.render(into: &buffer)
        if buffer.count >= Self.pieceSize { flush() }
    }

    /// `values` as a JSON array, element by element.
    public mutating func appendArray(_ values: some Sequence<JSONValue>) {
        buffer.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            append(value)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer(write)
        buffer.removeAll(keepingCapacity: true)
    }
}
