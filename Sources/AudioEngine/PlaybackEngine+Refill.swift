import Foundation

/// A stream that runs dry: held while it refills, with its progress reported, and said to be slow when it arrives
/// slower than it plays (a live stream never is).
extension PlaybackEngine {
    /// Starts holding the stream to refill it when the listener hears nothing more: the stream has no bytes and the
    /// output has all but played what it holds. A file output never runs dry, nor does a stream before its first sound.
    func startRefillIfDry() {
        guard refill == nil, episodeWrote, !outputSpec.isFile, let stream else { return }
        if let output, unheardFrames(output) > output.format.sampleRate / 10 { return }
        let fill = stream.waitForFill(atLeast: 0, waitingAtMost: 0)
        if fill.ended { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- streamOpened) / 1e9
        // A live stream arrives as fast as it plays, by nature: when it runs dry it broke off, and a short hold will do.
        let arriving = elapsed >= 1 && !stream.isLive ? Double(fill.received) / elapsed : nil
        let playing = audioByteRate()
        refill = StreamRefill(arriving: arriving, playing: playing)
        lastRefillReport = 0
        report(.buffering(0))
        if let decoder { reportPosition(decoder) }
        if let arriving, arriving < playing, !saidSlow {
            saidSlow = true
            report(.slowStream(arriving: arriving, playing: playing))
        }
    }

    /// Waits a moment for the refill; true once the stream holds enough (or ended) and playback goes on.
    func refilled() -> Bool {
        guard let refill, let stream else {
            self.refill = nil
            return true
        }
        let fill = stream.waitForFill(atLeast: refill.targetBytes, waitingAtMost: 0.1)
        if refill.isDone(fill) {
            self.refill = nil
            // The device's queue ran dry meanwhile (as in a pause): start again where it reads now. Left as it was, a
            // queue dry for seconds kept the sound server's last timing, and the output could wait for room forever.
            // A refill starts with at most a tenth of a second queued: after a quarter, nothing unheard is dropped.
            if DispatchTime.now().uptimeNanoseconds &- refill.began >= 250_000_000 { output?.flush() }
            report(.buffering(nil))
            return true
        }
        // In steps of 5 %: each report wakes the main thread.
        let progress = (refill.progress(fill) * 20).rounded(.down) / 20
        if progress != lastRefillReport {
            lastRefillReport = progress
            report(.buffering(progress))
        }
        return false
    }

    /// For a decoder that pulls its input and found none: holds it while the stream refills, unless a command must
    /// not wait (a stop, another episode).
    func waitOutStarvation() {
        startRefillIfDry()
        while refill != nil, !refilled() {
            if mailbox.holdsCommandThatCannotWait { return }
        }
    }

    /// Bytes a second of the stream's audio: its length over its duration when both are known, else what the decoder
    /// measures (its frames' bit rate, or the bytes FFmpeg read for what it decoded).
    private func audioByteRate() -> Double {
        guard let decoder, decoder.format.sampleRate > 0 else { return StreamRefill.usualBytesPerSecond }
        let seconds = decoder.estimatedFrames.map { Double($0) / Double(decoder.format.sampleRate) }
        return StreamRefill.audioRate(length: stream?.length, seconds: seconds) ?? decoder.bytesPerSecond
            ?? StreamRefill.usualBytesPerSecond
    }
}
