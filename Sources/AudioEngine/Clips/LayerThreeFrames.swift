import Glibc

/// A file mapped read-only into memory; unmapped when released.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(AudioError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AudioError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else {
            throw AudioError.unreadable(path: path, reason: "the file is empty")
        }
        guard let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw AudioError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        bytes = UnsafeRawBufferPointer(start: base, count: Int(info.st_size))
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}

/// Where the layer III frames of an MP3 file lie, and what its LAME/Info tag says of the encoder's delay and padding.
struct LayerThreeFrames {
    let file: MappedFile
    /// The first audio frame's header: the stream's version, sample rate and channels.
    let first: LayerThreeHeader
    /// Each audio frame's first byte (the Info tag's frame is not among them).
    let offsets: [Int]
    /// Samples a decoder leaves out before the first it outputs, as libmpg123 reads the file's tag: the encoder's
    /// delay and its own (529) with a LAME tag, its own alone with a Xing tag, none without a tag.
    let leadIn: Int
    /// Samples decoded after the last it outputs: the encoder's padding less 529 with a LAME tag, else none.
    let trailing: Int
    /// The encoder's name as the LAME tag gives it (9 bytes), when there is one.
    let encoderName: [UInt8]?

    /// Reads the frames of `path`; nil when it holds no layer III stream (layer II, or not MPEG audio at all).
    init?(path: String) throws(AudioError) {
        file = try MappedFile(path: path)
        let bytes = file.bytes
        var start = Self.skipID3(bytes)
        var found: LayerThreeHeader?
        let limit = min(bytes.count, start + 65_536)
        while start < limit {
            if let header = LayerThreeHeader(bytes, at: start), let next = LayerThreeHeader(bytes, at: start + header.size),
                next.sameStream(as: header)
            {
                found = header
                break
            }
            start += 1
        }
        guard var header = found else { return nil }
        var leadIn = 0
        var trailing = 0
        var name: [UInt8]?
        if let tag = Self.infoTag(bytes, at: start, header: header) {
            (leadIn, trailing, name) = tag
            start += header.size
            guard let next = LayerThreeHeader(bytes, at: start) else { return nil }
            header = next
        }
        first = header
        var offsets: [Int] = []
        offsets.reserveCapacity((bytes.count - start) / max(1, header.size))
        var offset = start
        while let frame = LayerThreeHeader(bytes, at: offset), frame.sameStream(as: header), offset + frame.size <= bytes.count {
            offsets.append(offset)
            offset += frame.size
        }
        guard !offsets.isEmpty else { return nil }
        self.offsets = offsets
        self.leadIn = leadIn
        self.trailing = trailing
        encoderName = name
    }

    /// The header of audio frame `index`.
    func header(_ index: Int) -> LayerThreeHeader { LayerThreeHeader(file.bytes, at: offsets[index])! }

    /// How far before its own data area frame `index`'s main data begins, in bytes (the bit reservoir it draws on).
    func mainDataBegin(_ index: Int) -> Int {
        let header = header(index)
        let side = offsets[index] + 4 + (header.hasCRC ? 2 : 0)
        let bytes = file.bytes
        return header.isMPEG1 ? Int(bytes[side]) << 1 | Int(bytes[side + 1] >> 7) : Int(bytes[side])
    }

    /// The last `count` bytes of the main data stream (the frames' data areas one after another) before frame `index`;
    /// fewer when the stream starts sooner.
    func mainData(before index: Int, count: Int) -> [UInt8] {
        var pieces: [[UInt8]] = []
        var left = count
        var frame = index - 1
        while left > 0, frame >= 0 {
            let header = header(frame)
            let area = file.bytes[(offsets[frame] + header.dataOffset)..<(offsets[frame] + header.size)]
            let taken = Array(area.suffix(left))
            pieces.append(taken)
            left -= taken.count
            frame -= 1
        }
        return pieces.reversed().flatMap { $0 }
    }

    /// The bytes of frames `range`, as they lie in the file.
    func bytes(of range: ClosedRange<Int>) -> UnsafeRawBufferPointer {
        let end = offsets[range.upperBound] + header(range.upperBound).size
        return UnsafeRawBufferPointer(rebasing: file.bytes[offsets[range.lowerBound]..<end])
    }

    /// Where the MPEG data starts: after an ID3v2 tag (and its footer), if the file opens with one.
    private static func skipID3(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 else { return 0 }
        let size = (0..<4).reduce(0) { $0 << 7 | Int(bytes[6 + $1] & 0x7F) }
        let footer = bytes[5] & 0x10 != 0 ? 10 : 0
        return min(bytes.count, 10 + size + footer)
    }

    /// The Xing/Info tag in the frame at `offset`, as libmpg123 reads it: the samples left out at each end, and the
    /// encoder's name from the LAME extension when it has one; nil when the frame is audio (libmpg123 looks for a tag
    /// only in a frame of at least 120 bytes after the side information, and decodes a smaller one as audio).
    private static func infoTag(_ bytes: UnsafeRawBufferPointer, at offset: Int, header: LayerThreeHeader)
        -> (leadIn: Int, trailing: Int, name: [UInt8]?)?
    {
        var at = offset + 4 + header.sideInfoSize
        guard header.size - 4 >= 120 + header.sideInfoSize else { return nil }
        let magic = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self)
        guard magic == "Xing" || magic == "Info" else { return nil }
        let flags = Int(bytes[at + 7])
        at += 8
        if flags & 1 != 0 { at += 4 }
        if flags & 2 != 0 { at += 4 }
        if flags & 4 != 0 { at += 100 }
        if flags & 8 != 0 { at += 4 }
        guard at + 24 <= offset + header.size, bytes[at] != 0 else { return (MP3Cut.decoderDelay, 0, nil) }
        let name = Array(UnsafeRawBufferPointer(rebasing: bytes[at..<at + 9]))
        let delay = Int(bytes[at + 21]) << 4 | Int(bytes[at + 22] >> 4)
        let padding = Int(bytes[at + 22] & 0x0F) << 8 | Int(bytes[at + 23])
        return (delay + MP3Cut.decoderDelay, max(0, padding - MP3Cut.decoderDelay), name)
    }
}
