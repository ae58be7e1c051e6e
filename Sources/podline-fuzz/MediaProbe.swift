import CLazyLibraries

/// Drives the FFmpeg glue (`podline_av_*`) over an in-memory stream: opening, decoding to the end, seeking; checks
/// that a refusal is one line and that what is decoded keeps its promises (a rate, one or two channels, no more
/// frames than asked for).
enum MediaProbe {
    static func run(_ bytes: [UInt8]) {
        guard podline_library_load(PODLINE_LIBRARY_AV, nil, 0) == 0 else { return }
        let source = MemorySource(bytes)
        var message = [CChar](repeating: 0, count: 512)
        guard let input = podline_av_open_stream(source.io, &message, message.count) else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            Finding.check(!reason.isEmpty && !reason.contains("\n"), "a refusal is not one line: \(reason)")
            return
        }
        defer { podline_av_close(input) }
        let channels = Int(podline_av_channels(input))
        Finding.check(podline_av_sample_rate(input) > 0, "an opened input has no sample rate")
        Finding.check((1...2).contains(channels), "an opened input gives \(channels) channels")
        var pcm = [Int16](repeating: 0, count: 4_096 * 2)
        for pass in 0..<2 {
            var reads = 0
            while reads < 100_000 {
                let got = pcm.withUnsafeMutableBufferPointer {
                    podline_av_read(input, $0.baseAddress, 4_096, &message, message.count)
                }
                Finding.check(got <= 4_096, "a read gave \(got) frames for 4,096 asked")
                if got <= 0 { break }
                reads += 1
            }
            if pass == 0 { _ = podline_av_seek(input, Int64(bytes.count % 48_000)) }
        }
    }
}

/// Bytes in memory as a stream FFmpeg reads and seeks in.
private final class MemorySource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var io: podline_av_io {
        podline_av_io(
            context: Unmanaged.passUnretained(self).toOpaque(),
            read: { context, buffer, size in
                let source = Unmanaged<MemorySource>.fromOpaque(context!).takeUnretainedValue()
                let count = min(Int(size), source.bytes.count - source.offset)
                guard count > 0 else { return 0 }
                source.bytes.withUnsafeBufferPointer { buffer!.update(from: $0.baseAddress! + source.offset, count: count) }
                source.offset += count
                return Int32(count)
            },
            seek: { context, offset, whence in
                let source = Unmanaged<MemorySource>.fromOpaque(context!).takeUnretainedValue()
                let target = whence == 1 ? source.offset + Int(offset) : whence == 2 ? source.bytes.count + Int(offset) : Int(offset)
                guard (0...source.bytes.count).contains(target) else { return -1 }
                source.offset = target
                return Int64(target)
            },
            size: { context in Int64(Unmanaged<MemorySource>.fromOpaque(context!).takeUnretainedValue().bytes.count) })
    }
}
