import Foundation

/// The output device and its queue: writing (opening and reopening the device), keeping what was written so that what
/// is not heard yet can be taken back and written again, and a device that failed.
extension PlaybackEngine {
    /// Makes `device` the output (engine thread), keeping a record of what it is written when it can take it back.
    func setDevice(_ device: (any AudioDevice)?) {
        output = device
        mailbox.wakeOnCommand(device)
        written = device.flatMap {
            $0.canTakeBack
                ? WrittenAudio(
                    channels: $0.format.channels,
                    capacityFrames: 3 * $0.format.sampleRate) : nil
        }
    }

    /// Writes to the output, opening it first and reopening it if it failed (the sound server restarted);
    /// false when the output failed.
    func write(_ pcm: [Int16], frames: Int, format: AudioFormat) -> Bool {
        do throws(AudioError) {
            if output == nil || output?.format != format {
                // A file holds one format: a change goes on in the next part (NAME-2.wav) rather than over it.
                if let open = output, open.format != format, outputSpec.isFile { outputPart += 1 }
                setDevice(nil)
                setDevice(try AudioDevices.open(outputSpec.part(outputPart), format: format))
                if outputRetryAt != nil, outputLost { report(.outputReopened) }
                outputRetryAt = nil
                outputLost = false
            }
            let result: Result<Void, AudioError> = pcm.withUnsafeBytes { raw in
                Result { () throws(AudioError) in
                    try output?.play(UnsafeRawBufferPointer(rebasing: raw[0..<frames * format.bytesPerFrame]))
                }
            }
            try result.get()
        } catch {
            deviceFailed(error)
            return false
        }
        hasPlayedAnything = true
        episodeWrote = true
        return true
    }

    /// Keeps `piece`, just written with the ramp ending `rampEnds` frames into it, for taking back (a device that can).
    func keepWritten(_ piece: AudioPiece, rampEndingAt rampEnds: Int, format: AudioFormat) {
        guard written?.channels == format.channels, output?.format == format else { return }
        if rampEnds > 0 && rampEnds < piece.frameCount {
            // The ramp ended inside the piece: kept as two, so that a part taken back later gets the gain
            // it was written with (a straight line from the piece's first gain to its last would not).
            var (moving, steady) = piece.split(at: rampEnds)
            moving.gainEnd = piece.gainEnd
            steady.gainStart = piece.gainEnd
            written?.append(moving)
            written?.append(steady)
        } else {
            written?.append(piece)
        }
    }

    /// Takes back what the device has not played yet, to be written again with the ramp as it is now;
    /// `overwriting` when it will be written again whole (a volume change), so the device need not drop it first.
    func takeBackUnheard(overwriting: Bool = false) {
        let pieces = retractQueued(overwriting: overwriting)
        guard let first = pieces.first else { return }
        replay.insert(contentsOf: pieces, at: 0)
        ramp.set(first.gainStart)
    }

    /// Writes at once the audio an overwrite replaces (taken back, or decoded again), so that the next command
    /// (another volume change, a pause) never finds the device's queue half replaced.
    func finishOverwrite() {
        var steps = 0
        while let output, output.pendingOverwriteFrames > 0, decoder != nil, steps < 64 {
            step()
            steps += 1
        }
    }

    /// Drops what the device can still take back and returns it, oldest first; empty when nothing was.
    func retractQueued(overwriting: Bool = false) -> [AudioPiece] {
        guard let output, written != nil else { return [] }
        // What is overwritten must arrive before the server reads it: leave it a tenth of a second, so that
        // a busy machine delays the change a little rather than skipping the start of its ramp.
        let margin = overwriting ? output.format.sampleRate / 10 : 0
        let unheard = output.retractableFrames() - margin
        guard unheard > 0, let pieces = written?.takeBack(frames: unheard), !pieces.isEmpty else { return [] }
        if overwriting {
            output.overwrite(frames: pieces.reduce(0) { $0 + $1.frameCount })
        } else {
            output.flush()
        }
        return pieces
    }

    /// Drops everything written or waiting to be written again.
    func dropQueued() {
        output?.flush()
        written?.removeAll()
        replay.removeAll()
    }

    /// What `output` has not played yet, remembered in case it fails before telling again.
    func unheardFrames(_ output: any AudioDevice) -> Int {
        lastUnplayed = output.unplayedFrames()
        return lastUnplayed
    }

    /// Drops a device that failed: the episode ends if it never played or the output is wrong, else it is reopened soon.
    func deviceFailed(_ error: AudioError) {
        // What the dead device had queued was not heard either (as far as it last told).
        if let pieces = written?.takeBack(frames: lastUnplayed), !pieces.isEmpty {
            replay.insert(contentsOf: pieces, at: 0)
        }
        lastUnplayed = 0
        setDevice(nil)
        if case .noAudioOutput = error, outputRetryAt == nil, !hasPlayedAnything {
            finish(.error, error: error)
            return
        }
        if case .badOutput = error {
            finish(.error, error: error)
            return
        }
        if !outputLost {
            outputLost = true
            report(.outputLost(error.description))
        }
        outputRetryAt = Date().addingTimeInterval(0.5)
    }
}

/// A paused output is suspended once its queue (the pause's fade) has been heard, so that a paused player sleeps.
extension PlaybackEngine {
    /// How long after the queue's last frame the output is suspended: a margin for the sound server's own latency.
    static let suspendMargin = 0.1

    /// Notes when the output's queue will have been heard.
    func scheduleOutputSuspension() {
        guard let output, output.canTakeBack, output.format.sampleRate > 0 else { return }
        let queued = Double(output.unplayedFrames()) / Double(output.format.sampleRate)
        suspendOutputAt = Date().addingTimeInterval(queued + Self.suspendMargin)
    }

    /// Suspends the output when its queue has been heard and the episode is still paused; forgets the time otherwise.
    func suspendOutputIfHeard() {
        guard let at = suspendOutputAt else { return }
        guard !playing, decoder != nil, let output else {
            suspendOutputAt = nil
            return
        }
        guard Date() >= at else { return }
        suspendOutputAt = nil
        output.suspend()
    }
}
