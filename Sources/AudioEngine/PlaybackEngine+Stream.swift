/// The decoder's input: chunks decoded from a file or a stream, a stream's bytes fed to the decoder (or handed to one
/// that pulls them when its first bytes are not MPEG audio), and a stream's format probed.
extension PlaybackEngine {
    /// Decodes up to one chunk of frames; 0 at the end, -1 when waiting for stream bytes or after a format
    /// change (the next step reads the new format before it decodes again).
    func decodeChunk(into pcm: inout [Int16], decoder: any AudioDecoder) throws(AudioError) -> Int {
        while true {
            let bytes = chunkFrames * decoder.format.bytesPerFrame
            let result: Result<DecodedChunk, AudioError> = pcm.withUnsafeMutableBytes { raw in
                Result { () throws(AudioError) in try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<bytes])) }
            }
            switch try result.get() {
            case let .audio(count):
                if count == 0 { continue }
                return count / decoder.format.bytesPerFrame
            case .formatChanged:
                // write() reopens the output when the format it was opened with differs.
                stages.make(for: decoder)
                return -1
            case .end:
                // A fed decoder ends only when the stream lost sync for good: nothing more is read from it.
                if stream != nil { streamEnded = true }
                return 0
            case .needMore:
                if decoder.pullsItsInput { return -1 }
                if stream == nil || streamEnded { return 0 }
                if !feedStream(decoder) { return -1 }
            }
        }
    }

    /// Feeds the decoder from its stream; false when nothing arrived yet (or the stream failed).
    func feedStream(_ decoder: any AudioDecoder) -> Bool {
        guard let stream else { return false }
        do {
            guard let bytes = try stream.read(maxBytes: 16_384, waitingAtMost: 0.05) else {
                startRefillIfDry()
                return false
            }
            if bytes.isEmpty {
                streamEnded = true
                return true
            }
            if !sniffed {
                sniffed = true
                switch InputSniffer.kind(bytes) {
                case .mpeg: break
                case .refused(let reason):
                    finish(.error, error: .unsupportedFormat(path: decoder.path, reason: reason))
                    return false
                case .container(let kind):
                    return pull(stream, head: bytes, kind: kind, name: decoder.path)
                }
            }
            guard let fed = decoder as? any FeedableDecoder else { return false }
            try fed.feed(bytes)
            if decoder.format.sampleRate == 0 {
                let chunk = try probeFormat(decoder)
                if chunk { report(.started(duration: nil)) }
            }
            return true
        } catch let error as AudioError {
            finish(.error, error: error)
            return false
        } catch {
            finish(.error, error: .unreadable(path: decoder.path, reason: "\(error)"))
            return false
        }
    }

    /// Hands a stream of a format FFmpeg decodes to a decoder that pulls it (the bytes read to tell the format first);
    /// true when it opened. Opening reads the container's header, asking the server for other ranges if the index
    /// is elsewhere.
    private func pull(_ stream: ByteStream, head: [UInt8], kind: String, name: String) -> Bool {
        let pulled = PulledStream(
            stream: stream, head: head, interrupted: { [unowned self] in self.mailbox.holdsCommandThatCannotWait },
            fetched: { [unowned self] received, total in self.report(.fetching(received: received, total: total)) },
            starved: { [unowned self] in self.waitOutStarvation() })
        let opened: any AudioDecoder
        do {
            opened = try Decoders.openPulling(pulled, name: name, kind: kind)
        } catch {
            // Given up for a stop or another episode: no failure to report, the command comes next.
            if pulled.wasInterrupted {
                closeEpisode()
            } else {
                finish(.error, error: error)
            }
            return false
        }
        decoder = opened
        report(.started(duration: opened.estimatedFrames.map { Double($0) / Double(opened.format.sampleRate) }))
        streamFormatKnown(opened)
        return true
    }

    /// A stream's format is known: the stages are made for it, and the start asked for (`--start`) is sought.
    private func streamFormatKnown(_ decoder: any AudioDecoder) {
        stages.make(for: decoder)
        if streamStart > 0 {
            let start = streamStart
            streamStart = 0
            performSeek(start, relative: false)
        }
    }

    /// Asks a fed decoder for its format once enough bytes arrived; true when it became known.
    private func probeFormat(_ decoder: any AudioDecoder) throws(AudioError) -> Bool {
        var scratch: [UInt8] = []
        let chunk = try scratch.withUnsafeMutableBytes { raw in
            Result { () throws(AudioError) in try decoder.read(into: raw) }
        }.get()
        if case .formatChanged = chunk {
            streamFormatKnown(decoder)
            return true
        }
        return false
    }
}
