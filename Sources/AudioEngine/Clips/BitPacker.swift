/// Packs values into bytes most significant bit first, as FLAC and MPEG audio lay out their fields.
struct BitPacker {
    private(set) var bytes: [UInt8] = []
    /// Bits not yet in `bytes`, in the low `pendingBits` bits.
    private var accumulator: UInt64 = 0
    private var pendingBits = 0

    /// Appends the low `width` bits of `value` (at most 32).
    mutating func put(_ value: UInt64, _ width: Int) {
        guard width > 0 else { return }
        accumulator = (accumulator << UInt64(width)) | (value & ((1 << UInt64(width)) - 1))
        pendingBits += width
        while pendingBits >= 8 {
            pendingBits -= 8
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt64(pendingBits)))
        }
    }

    /// Appends `zeros` zero bits and a one.
    mutating func putUnary(_ zeros: Int) {
        var left = zeros
        while left >= 32 {
            put(0, 32)
            left -= 32
        }
        put(1, left + 1)
    }

    /// Pads with zero bits to the next byte.
    mutating func alignToByte() {
        if pendingBits > 0 { put(0, 8 - pendingBits) }
    }
}

/// The CRCs FLAC frames carry: CRC-8 (polynomial 0x07) over the header, CRC-16 (0x8005) over the whole frame.
enum FLACChecksum {
    static let table8: [UInt8] = (0..<256).map { byte in
        var crc = UInt8(byte)
        for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x07 : crc << 1 }
        return crc
    }

    static let table16: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x8005 : crc << 1 }
        return crc
    }

    static func crc8(_ bytes: [UInt8]) -> UInt8 {
        bytes.reduce(UInt8(0)) { table8[Int($0 ^ $1)] }
    }

    static func crc16(_ bytes: [UInt8]) -> UInt16 {
        bytes.reduce(UInt16(0)) { ($0 << 8) ^ table16[Int(UInt8(truncatingIfNeeded: $0 >> 8) ^ $1)] }
    }
}
