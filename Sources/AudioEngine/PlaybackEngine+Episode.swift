import Foundation

/// Opens an episode's source, closes the episode, and ends it with a reason.
extension PlaybackEngine {
    func open(_ source: EngineSource, start: Double) {
        stages.startEpisode()
        reportedDropped = 0
        episodeWrote = false
        refill = nil
        do {
            switch source {
            case let .file(path):
                let opened = try Decoders.open(path: path)
                decoder = opened
                if start > 0 { try opened.seek(toFrame: Int(start * Double(opened.format.sampleRate))) }
            case let .stream(name, bytes):
                decoder = try Decoders.openFed(streamNamed: name)
                stream = bytes
                sniffed = false
                streamEnded = false
                streamStart = start
                streamOpened = DispatchTime.now().uptimeNanoseconds
                saidSlow = false
            }
        } catch {
            decoder = nil
            report(.ended(.error, error: error))
            return
        }
        if let decoder, decoder.format.sampleRate > 0 {
            stages.make(for: decoder)
            report(.started(duration: decoder.estimatedFrames.map { Double($0) / Double(decoder.format.sampleRate) }))
        }
    }

    func closeEpisode() {
        if playing {
            dropQueued()
        } else {
            // A pause's fade may still be queued: let it be heard to its end.
            output?.drain()
            written?.removeAll()
            replay.removeAll()
        }
        limitSeconds = nil
        framesLeft = nil
        limitEnd = nil
        stream?.cancel()
        stream = nil
        refill = nil
        decoder = nil
        stages.removeAll()
        playing = false
        pausePending = false
        FreedMemory.giveBack()
    }

    func finish(_ reason: EngineEndReason, error: AudioError?) {
        if reason == .eof { output?.drain() }
        if let decoder { reportPosition(decoder) }
        closeEpisode()
        report(.ended(reason, error: error))
    }

    /// Why a file ended early: it stopped well before the frames its header announced; nil otherwise.
    func truncationMessage(_ decoder: any AudioDecoder) -> AudioError? {
        guard stream == nil, let announced = decoder.announcedFrames, decoder.position + 1152 < announced else { return nil }
        let rate = Double(decoder.format.sampleRate)
        return AudioError.truncated(
            path: decoder.path, played: Double(decoder.position) / rate,
            expected: Double(announced) / rate)
    }

    /// Reports where the listener is (`heardThrough` when the caller knows better than the decoder), and the time saved
    /// by skipping silence when it changed.
    func reportPosition(_ decoder: any AudioDecoder, heardThrough: Double? = nil) {
        report(.position(heardThrough ?? heardPosition(decoder)))
        let dropped = stages.droppedFrames
        if dropped != reportedDropped {
            reportedDropped = dropped
            report(.timeSaved(Double(dropped) / Double(max(1, decoder.format.sampleRate))))
        }
    }
}
