extension Decoders {
    /// Decodes the file at `path` from start to end: `begin` is told its format, `samples` gets each chunk of
    /// interleaved samples, and `changed` a change of format mid-file (rare) before the samples in it.
    public static func decodeWhole(
        path: String, begin: (AudioFormat) throws(AudioError) -> Void, samples: (UnsafeBufferPointer<Int16>) -> Void,
        changed: (AudioFormat) throws(AudioError) -> Void
    ) throws(AudioError) {
        let decoder = try open(path: path)
        try begin(decoder.format)
        var buffer = [Int16](repeating: 0, count: 32_768)
        while true {
            let chunk = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(AudioError) in try decoder.read(into: raw) }
            }.get()
            switch chunk {
            case .audio(let bytes): buffer.withUnsafeBufferPointer { samples(UnsafeBufferPointer(rebasing: $0[0..<bytes / 2])) }
            case .formatChanged(let format): try changed(format)
            case .end, .needMore: return
            }
        }
    }
}
