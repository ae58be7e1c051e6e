import Foundation

/// One step of the engine's thread while it plays: a chunk decoded (or taken from what waits to be written again),
/// cut at the episode's limits, ramped and written.
extension PlaybackEngine {
    /// Decodes, stretches, ramps and writes one chunk.
    func step() {
        guard let decoder else { return }
        if decoder.format.sampleRate == 0 {
            if streamEnded {
                // The whole stream came and held no audio frame.
                finish(.error, error: .unsupportedFormat(path: decoder.path, reason: MPEGDecoder.noFramesReason(0)))
                return
            }
            guard feedStream(decoder) else { return }
        }
        let format = decoder.format
        guard format.sampleRate > 0 else { return }
        if refill != nil, !refilled() { return }
        if let retry = outputRetryAt, Date() < retry {
            // The output failed a moment ago: wait for it rather than decode audio nobody hears.
            usleep(20_000)
            return
        }
        if let output, output.canTakeBack, output.format == format {
            // Wait for room before producing, so that a command is taken at once rather than after a write.
            do {
                guard try output.waitForSpace(bytes: chunkFrames * format.bytesPerFrame, timeout: 0.2) else { return }
            } catch {
                deviceFailed(error)
                return
            }
        }
        let needed = chunkFrames * format.channels * 2
        if pcm.count < needed { pcm = [Int16](repeating: 0, count: needed) }
        if let piece = nextReplayPiece(channels: format.channels) {
            let count = piece.samples.count
            piece.samples.withUnsafeBufferPointer { source in
                pcm.withUnsafeMutableBufferPointer { target in
                    _ = UnsafeMutableBufferPointer(rebasing: target[0..<count]).initialize(from: source)
                }
            }
            emit(frames: count / format.channels, format: format, keeping: piece)
        } else {
            decodeAndWrite(decoder, format: format)
        }
    }

    /// The next part of the audio taken back, at most one chunk; nil when there is none (or its format is gone).
    private func nextReplayPiece(channels: Int) -> AudioPiece? {
        guard let next = replay.first else { return nil }
        guard next.channels == channels else {
            replay.removeAll()
            return nil
        }
        let piece = replay.removeFirst()
        guard piece.frameCount > chunkFrames else { return piece }
        let (head, rest) = piece.split(at: chunkFrames)
        replay.insert(rest, at: 0)
        return head
    }

    /// Decodes one chunk and writes it, or ends the episode at its end or its duration limit.
    private func decodeAndWrite(_ decoder: any AudioDecoder, format: AudioFormat) {
        let sourceStart = stages.sourceSeconds(of: decoder)
        let rate = Double(format.sampleRate)
        let startFrame = Int((sourceStart * rate).rounded())
        if let inside = skips.first(where: { $0.contains(frame: startFrame, rate: rate) }) {
            skip(inside, decoder: decoder, rate: rate)
            return
        }
        let decodedFrames: Int
        do {
            decodedFrames = try stages.produce(into: &pcm, decoder: decoder, chunkFrames: chunkFrames) { buffer throws(AudioError) in
                try decodeChunk(into: &buffer, decoder: decoder)
            }
        } catch {
            finish(.error, error: error)
            return
        }
        if decodedFrames < 0 { return }
        var produced = decodedFrames
        var sourceEnd = stages.sourceSeconds(of: decoder)
        // A stretch to leave out begins inside this chunk: what comes before it is written, then the decoder moves
        // to its end (exact to the frame at the normal speed; at another, to the output frame nearest).
        let endFrame = Int((sourceEnd * rate).rounded())
        let ahead = skips.first { $0.startFrame(rate: rate) > startFrame && $0.startFrame(rate: rate) < endFrame }
        if let ahead {
            let before = Double(ahead.startFrame(rate: rate) - startFrame) / stages.stretchFactor
            produced = min(produced, Int(before.rounded()))
            sourceEnd = ahead.start
            if produced == 0 {
                skip(ahead, decoder: decoder, rate: rate)
                return
            }
        }
        if endEarly > 0, let total = decoder.estimatedFrames {
            // What is left before the point where the episode ends early, in output frames at this speed.
            let rate = Double(format.sampleRate)
            let left = (Double(total) / rate - endEarly - sourceStart) * rate / stages.stretchFactor
            if left <= 0 {
                finish(.eof, error: nil)
                return
            }
            produced = min(produced, Int(left.rounded(.up)))
        }
        if framesLeft == nil, let limitSeconds {
            framesLeft = Int(limitSeconds * Double(format.sampleRate))
        }
        if let left = framesLeft {
            if left <= 0 {
                output?.drain()
                // Where the limit cut the last chunk, not where decoding reached (a whole chunk further for a file).
                if let limitEnd { report(.position(limitEnd)) } else if let decoder = self.decoder { reportPosition(decoder) }
                closeEpisode()
                report(.ended(.stop, error: nil))
                return
            }
            produced = min(produced, left)
            framesLeft = left - produced
            if framesLeft == 0 {
                limitEnd = sourceStart + Double(produced) * stages.stretchFactor / Double(format.sampleRate)
            }
        }
        if produced == 0 {
            if stream != nil && !streamEnded { return }
            finish(.eof, error: truncationMessage(decoder))
            return
        }
        let kept =
            outputSpec.isFile
            ? nil
            : AudioPiece(
                samples: Array(pcm[0..<produced * format.channels]),
                channels: format.channels,
                sourceStart: sourceStart, sourceEnd: sourceEnd,
                gainStart: 0, gainEnd: 0)
        emit(frames: produced, format: format, keeping: kept, through: sourceEnd)
        if let ahead, let decoder = self.decoder { skip(ahead, decoder: decoder, rate: rate) }
    }

    /// Leaves `range` out: the decoder moves to its end (or the episode ends, when it runs to the end), and the owner
    /// hears of it.
    private func skip(_ range: SkipRange, decoder: any AudioDecoder, rate: Double) {
        report(.skipped(range))
        guard let end = range.endFrame(rate: rate), decoder.estimatedFrames.map({ end < $0 }) ?? true,
            moveDecoder(decoder, toFrame: Double(end))
        else {
            finish(.eof, error: nil)
            return
        }
        stages.make(for: decoder)
        report(.position(Double(end) / rate))
    }

    /// Ramps the first `frames` of the chunk buffer, writes them, keeps `piece` (the same audio before
    /// gain) for taking back, and completes a pause. `through` is where in the source the frames end: a file output
    /// keeps no pieces, and the decoder may be past it (a chunk cut where a skipped stretch begins).
    private func emit(frames: Int, format: AudioFormat, keeping piece: AudioPiece?, through: Double? = nil) {
        var frames = frames
        var kept = piece
        if pausePending, let whole = piece, ramp.framesLeft < frames {
            // The pause's fade ends inside this chunk: what follows it waits for the resume.
            let (head, tail) = whole.split(at: max(1, ramp.framesLeft))
            replay.insert(tail, at: 0)
            kept = head
            frames = head.frameCount
        }
        let rampEnds = ramp.framesLeft
        kept?.gainStart = ramp.current
        pcm.withUnsafeMutableBufferPointer { buffer in
            ramp.apply(to: UnsafeMutableBufferPointer(rebasing: buffer[0..<frames * format.channels]), channels: format.channels)
        }
        kept?.gainEnd = ramp.current
        guard write(pcm, frames: frames, format: format) else {
            // Nothing of it was heard: it is written again once the output is back.
            if let kept, decoder != nil { replay.insert(kept, at: 0) }
            return
        }
        if let kept { keepWritten(kept, rampEndingAt: rampEnds, format: format) }
        guard let decoder else { return }
        if pausePending && !ramp.isMoving {
            pausePending = false
            playing = false
            scheduleOutputSuspension()
            report(.paused)
            reportPosition(decoder, heardThrough: kept == nil ? through : nil)
            return
        }
        // Four reports a second of wall time: enough for a clock that shows seconds, and each one wakes the main
        // thread and its views; a file output running faster than real time is not flooded.
        let now = DispatchTime.now().uptimeNanoseconds
        if now &- lastReport >= reportInterval {
            lastReport = now
            reportPosition(decoder, heardThrough: kept == nil ? through : nil)
        }
    }
}
