/// Carries out the owner's commands on the engine's thread, in the order they were sent.
extension PlaybackEngine {
    func handle(_ command: EngineCommand) {
        switch command {
        case let .load(source, start, paused, limit):
            closeEpisode()
            report(.loaded)
            open(source, start: start)
            playing = decoder != nil && !paused
            ramp.set(playing ? volumeGain : 0)
            if outputSpec.isFile, output == nil, let format = decoder?.format, format.sampleRate > 0 {
                setDevice(try? AudioDevices.open(outputSpec, format: format))
            }
            limitSeconds = limit
            framesLeft = nil
        case let .pause(fade):
            guard playing else { return }
            takeBackUnheard()
            pausePending = true
            ramp.move(to: 0, overFrames: frames(fade, minimum: 441))
        case let .resume(fade):
            guard decoder != nil else { return }
            if !playing {
                ramp.set(0)
                // The device's queue ran dry while paused: start again where it reads now.
                output?.flush()
            } else if pausePending {
                takeBackUnheard(overwriting: true)
            }
            playing = true
            pausePending = false
            ramp.move(to: volumeGain, overFrames: frames(fade, minimum: VolumeRamp.shortRampFrames))
            finishOverwrite()
        case let .stop(reason):
            guard decoder != nil else { return }
            closeEpisode()
            report(.ended(reason, error: nil))
        case let .seek(seconds, relative):
            performSeek(seconds, relative: relative)
        case let .volume(volume, fade):
            volumeGain = Gain(volume: volume).factor
            if playing && !pausePending {
                takeBackUnheard(overwriting: true)
                ramp.move(to: volumeGain, overFrames: frames(fade, minimum: VolumeRamp.shortRampFrames))
                finishOverwrite()
            }
        case let .speed(value):
            guard min(3, max(0.5, value)) != stages.speed else { return }
            stages.speed = min(3, max(0.5, value))
            if stream == nil, playing, !pausePending, let decoder, restartAtHeard(decoder) {
                stages.make(for: decoder)
                finishOverwrite()
            } else {
                stages.applySpeed(decoder: decoder)
            }
        case let .endEarly(seconds):
            endEarly = max(0, seconds)
        case let .skips(ranges):
            skips = ranges.filter { range in range.end.map { $0 > range.start } ?? true }
        case let .skipSilence(on):
            guard on != stages.skipsSilence else { return }
            stages.skipsSilence = on
            remakeStages()
        case let .loudness(setting):
            let switched = (setting == nil) != (stages.loudness == nil)
            stages.loudness = setting
            if let setting, stages.aimLeveler(at: setting) { return }
            if switched { remakeStages() }
        case let .voiceBoost(on):
            guard on != stages.voiceBoost else { return }
            stages.voiceBoost = on
            remakeStages()
        case let .output(spec):
            guard spec != outputSpec else { return }
            replay.insert(contentsOf: retractQueued(), at: 0)
            if outputSpec.isFile { output?.drain() }
            setDevice(nil)
            outputSpec = spec
            outputPart = 1
            outputRetryAt = nil
            if spec.isFile, let format = decoder?.format, format.sampleRate > 0 {
                setDevice(try? AudioDevices.open(spec, format: format))
            }
        case .shutdown:
            running = false
        }
    }

    /// `seconds` in frames at the decoder's rate, at least `minimum` frames at 44.1 kHz.
    func frames(_ seconds: Double, minimum: Int) -> Int {
        let rate = decoder?.format.sampleRate ?? 44_100
        return max(minimum * rate / 44_100, Int(seconds * Double(rate)))
    }

    /// New stages after a setting changed: a file is taken back to where the listener is, so the change is heard at
    /// once; a stream changes from what is decoded next.
    func remakeStages() {
        guard let decoder, decoder.format.sampleRate > 0 else { return }
        let restarted = stream == nil && playing && !pausePending && restartAtHeard(decoder)
        stages.make(for: decoder)
        if restarted { finishOverwrite() }
    }
}
