/// Moves within an episode: a seek the listener asks for, a restart at what they hear when a setting changes, and where
/// the listener and the decoder are.
extension PlaybackEngine {
    func performSeek(_ seconds: Double, relative: Bool) {
        // A live stream plays as it comes: nothing to move to (and nothing dropped on the way).
        guard let decoder, decoder.format.sampleRate > 0, stream?.isLive != true else { return }
        let rate = Double(decoder.format.sampleRate)
        let here = heardPosition(decoder) * rate
        dropQueued()
        let target = max(0, relative ? here + seconds * rate : seconds * rate)
        guard moveDecoder(decoder, toFrame: target) else { return }
        stages.make(for: decoder)
        if playing {
            ramp.set(0)
            ramp.move(to: volumeGain, overFrames: VolumeRamp.shortRampFrames)
        } else if !pausePending {
            // Paused: the flush started the output again; it is suspended once more.
            scheduleOutputSuspension()
        }
        report(.position(Double(decoder.position) / rate))
    }

    /// Moves the decoder to `target` (a frame): a file's or a pulling decoder's directly, a fed stream's by asking the
    /// server for the place. False when it could not move.
    func moveDecoder(_ decoder: any AudioDecoder, toFrame target: Double) -> Bool {
        let rate = Double(decoder.format.sampleRate)
        do {
            if stream == nil || decoder.pullsItsInput {
                try decoder.seek(toFrame: Int(target))
                streamEnded = false
            } else if let fed = decoder as? any FeedableDecoder {
                if let length = stream?.length { fed.setStreamLength(length) }
                // Far ahead, the server is asked for the estimated place; near ahead, the bytes before it are read, so
                // that the place is exact to the sample. Back, libmpg123 finds a place it has read in its own index of
                // frames (exact), and estimates one it has not (before a far move ahead) rather than reading from the
                // last place it knows.
                let ahead = target - Double(decoder.position)
                let far = ahead > Self.readThroughSeconds * rate || ahead < 0
                let byteOffset = try fed.feedSeek(toFrame: Int(target), estimating: far)
                if stream?.restart(at: byteOffset) != true { return false }
                streamEnded = false
            }
        } catch {
            return false
        }
        return true
    }

    /// Takes back what the device has not played yet, but for a tenth of a second that keeps it playing, and moves a
    /// local file's decoder back to where that ends, so that a new speed or setting is heard at once; the caller
    /// writes the replacement with `finishOverwrite`. False when nothing was queued.
    func restartAtHeard(_ decoder: any AudioDecoder) -> Bool {
        guard output != nil, written != nil, decoder.format.sampleRate > 0 else { return false }
        let pieces = retractQueued(overwriting: true) + replay
        guard let first = pieces.first else { return false }
        replay.removeAll()
        do {
            try decoder.seek(toFrame: Int(first.sourceStart * Double(decoder.format.sampleRate)))
        } catch {
            // What was taken back is written again as it was.
            replay = pieces
            ramp.set(first.gainStart)
            finishOverwrite()
            return false
        }
        ramp.set(0)
        ramp.move(to: volumeGain, overFrames: VolumeRamp.shortRampFrames)
        return true
    }

    /// Where the listener is, in seconds: behind decoding by what the device has queued and what waits to be written again.
    func heardPosition(_ decoder: any AudioDecoder) -> Double {
        if let output, let heard = written?.sourcePosition(framesBeforeEnd: unheardFrames(output)) {
            return heard
        }
        if let first = replay.first { return first.sourceStart }
        return stages.sourceSeconds(of: decoder)
    }
}
