import Foundation

/// Decodes and plays one episode at a time on its own thread, taking commands and reporting events.
///
/// Output to a device without a queue of its own is written in chunks of about 23 ms, so a pause or a
/// seek takes effect within one chunk. A PulseAudio stream queues a second, so the engine wakes a few
/// times a second; what it has not played yet is taken back and written again when the listener
/// pauses, seeks or changes the volume or the speed, so those are heard at once too. Volume and
/// play-state changes ramp rather than jump.
public final class PlaybackEngine: @unchecked Sendable {
    private let condition = NSCondition()
    private var inbox: [EngineCommand] = []
    private var outputSpec: OutputSpec
    private let report: @Sendable (EngineEvent) -> Void
    private var thread: Thread?

    // Engine-thread state.
    private var decoder: (any AudioDecoder)?
    private var stream: ByteStream?
    private var output: (any AudioDevice)?
    /// What was written to a device that can take back its queue, for rewriting; nil for other devices.
    private var written: WrittenAudio?
    /// Audio taken back from the device, written again before anything new is decoded.
    private var replay: [AudioPiece] = []
    /// The device a command wakes from its wait for space; guarded by `condition`.
    private var wakeTarget: (any AudioDevice)?
    private var stretcher: TimeStretcher?
    /// Shortens long pauses before the time-stretcher, when skipping silence.
    private var skipper: SilenceSkipper?
    private var skipsSilence = false
    /// Frames dropped from pauses in this episode by skippers replaced since it was opened (seeks make new ones).
    private var droppedEarlier = 0
    private var reportedDropped = 0
    /// Evens out the loudness of decoded audio, when normalising.
    private var leveler: LoudnessLeveler?
    private var loudness: LoudnessSetting?
    /// Decoded input waiting for the skipper, reused from step to step.
    private var skipInput: [Int16] = []
    private var ramp = VolumeRamp(gain: 1)
    private var volumeGain = 1.0
    private var speed = 1.0
    private var playing = false
    private var pausePending = false
    private var lastReport: UInt64 = 0
    /// The chunk buffer, reused from step to step.
    private var pcm: [Int16] = []
    /// Decoded input waiting for the time-stretcher, reused likewise.
    private var stretchInput: [Int16] = []
    private var streamEnded = false
    /// Which part of a file output is being written: it moves on when the audio's format changes.
    private var outputPart = 1
    private var sniffed = false
    private var outputRetryAt: Date?
    private var running = true

    /// Frames written per chunk to a live device: about 23 ms, so commands act at once.
    public static let chunkFrames = 1024
    /// Seconds ahead of the decoder within which a move in a streamed MP3 reads its way there (exact to the sample)
    /// rather than asking the server for the place estimated from its frames' size (a constant bit rate: within a frame
    /// or so) or its table of contents (a varying one: within 0.4 % of the file).
    static let readThroughSeconds = 30.0
    /// Nanoseconds between position reports while playing.
    static let reportInterval: UInt64 = 250_000_000
    /// Frames per chunk for this output: file outputs have no listener waiting, and a device that can
    /// take back its queue needs no small steps to be quick, so both take larger ones.
    private var chunkFrames: Int {
        if outputSpec.isFile { return 16_384 }
        return output?.canTakeBack == true ? 8192 : Self.chunkFrames
    }

    /// An engine that plays to `output` and calls `report` (on its own thread) with what happens.
    public init(output: OutputSpec, report: @escaping @Sendable (EngineEvent) -> Void) {
        outputSpec = output
        self.report = report
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "podline-engine"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// Opens `source` and plays it from `start` seconds (or holds it paused).
    public func load(_ source: EngineSource, start: Double = 0, paused: Bool = false, limit: Double? = nil) {
        send(.load(source, start: start, paused: paused, limit: limit))
    }
    /// Pauses, fading out over `fade` seconds (a short ramp when 0).
    public func pause(fade: Double = 0) { send(.pause(fade: fade)) }
    /// Resumes, fading in over `fade` seconds (a short ramp when 0).
    public func resume(fade: Double = 0) { send(.resume(fade: fade)) }
    /// Stops the episode, reporting `reason`.
    public func stop(reason: EngineEndReason = .stop) { send(.stop(reason)) }
    /// Moves to `seconds`, or by `seconds` when `relative`.
    public func seek(_ seconds: Double, relative: Bool = false) { send(.seek(seconds, relative: relative)) }
    /// Sets the volume (0–100) over `fade` seconds (a short ramp when 0).
    public func setVolume(_ volume: Double, fade: Double = 0) { send(.volume(volume, fade: fade)) }
    /// Sets the speed (0.5–3.0), pitch preserved.
    public func setSpeed(_ speed: Double) { send(.speed(speed)) }
    /// Turns the shortening of long pauses on or off (heard at once for a file, from new audio for a stream).
    public func setSkipSilence(_ on: Bool) { send(.skipSilence(on)) }
    /// Ends the episodes loaded from now on `seconds` before their end, as if they had played to it (0: at the end).
    public func setEndEarly(_ seconds: Double) { send(.endEarly(seconds)) }
    /// Evens out the loudness as `setting` says, or stops (nil); a new measured loudness is moved to smoothly. Sent
    /// before `load`, it holds for the episode loaded from its first frame.
    public func setLoudness(_ setting: LoudnessSetting?) { send(.loudness(setting)) }

    /// Plays from now on through `spec`: what the old output had not played yet is written to the new one.
    public func setOutput(_ spec: OutputSpec) { send(.output(spec)) }

    /// Stops playing and ends the thread; waits for it.
    public func shutdown() {
        send(.shutdown)
        while thread?.isFinished == false { usleep(2_000) }
    }

    private func send(_ command: EngineCommand) {
        condition.lock()
        inbox.append(command)
        condition.signal()
        let target = wakeTarget
        condition.unlock()
        target?.wake()
    }

    /// Makes `device` the output (engine thread), keeping a record of what it is written when it can take it back.
    private func setOutput(_ device: (any AudioDevice)?) {
        output = device
        condition.lock()
        wakeTarget = device
        condition.unlock()
        written = device.flatMap {
            $0.canTakeBack
                ? WrittenAudio(
                    channels: $0.format.channels,
                    capacityFrames: 3 * $0.format.sampleRate) : nil
        }
    }

    private func takeCommands(waiting: Bool) -> [EngineCommand] {
        condition.lock()
        defer { condition.unlock() }
        if waiting && inbox.isEmpty {
            // Idle, the thread sleeps until a command comes (a paused player wakes nothing); only an output to open
            // again is looked at now and then.
            if outputRetryAt == nil {
                condition.wait()
            } else {
                _ = condition.wait(until: Date().addingTimeInterval(0.05))
            }
        }
        let taken = inbox
        inbox.removeAll()
        return taken
    }

    // MARK: - The engine thread

    private func run() {
        while running {
            let idle = !playing || decoder == nil
            for command in takeCommands(waiting: idle) { handle(command) }
            guard running, playing, decoder != nil else { continue }
            step()
        }
        closeEpisode()
        setOutput(nil)
    }

    private func handle(_ command: EngineCommand) {
        switch command {
        case let .load(source, start, paused, limit):
            closeEpisode()
            report(.loaded)
            open(source, start: start)
            playing = decoder != nil && !paused
            ramp.set(playing ? volumeGain : 0)
            if outputSpec.isFile, output == nil, let format = decoder?.format, format.sampleRate > 0 {
                setOutput(try? AudioDevices.open(outputSpec, format: format))
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
            guard min(3, max(0.5, value)) != speed else { return }
            speed = min(3, max(0.5, value))
            if stream == nil, playing, !pausePending, let decoder, restartAtHeard(decoder) {
                makeStagesIfNeeded(decoder)
                finishOverwrite()
            } else if let stretcher {
                stretcher.speed = speed
            } else if speed != 1, let decoder, decoder.format.sampleRate > 0 {
                stretcher = TimeStretcher(
                    sampleRate: decoder.format.sampleRate, channels: decoder.format.channels,
                    speed: speed, start: skipper?.outputPosition ?? decoder.position)
            }
        case let .endEarly(seconds):
            endEarly = max(0, seconds)
        case let .skipSilence(on):
            guard on != skipsSilence else { return }
            skipsSilence = on
            remakeStages()
        case let .loudness(setting):
            let switched = (setting == nil) != (loudness == nil)
            loudness = setting
            if let setting, let leveler {
                leveler.aim(at: setting)
            } else if switched {
                remakeStages()
            }
        case let .output(spec):
            guard spec != outputSpec else { return }
            replay.insert(contentsOf: retractQueued(), at: 0)
            if outputSpec.isFile { output?.drain() }
            setOutput(nil)
            outputSpec = spec
            outputPart = 1
            outputRetryAt = nil
            if spec.isFile, let format = decoder?.format, format.sampleRate > 0 {
                setOutput(try? AudioDevices.open(spec, format: format))
            }
        case .shutdown:
            running = false
        }
    }

    private func frames(_ seconds: Double, minimum: Int) -> Int {
        let rate = decoder?.format.sampleRate ?? 44_100
        return max(minimum * rate / 44_100, Int(seconds * Double(rate)))
    }

    private func open(_ source: EngineSource, start: Double) {
        droppedEarlier = 0
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
            makeStagesIfNeeded(decoder)
            report(.started(duration: decoder.estimatedFrames.map { Double($0) / Double(decoder.format.sampleRate) }))
        }
    }

    /// New stages after a setting changed: a file is taken back to where the listener is, so the change is heard at
    /// once; a stream changes from what is decoded next.
    private func remakeStages() {
        guard let decoder, decoder.format.sampleRate > 0 else { return }
        let restarted = stream == nil && playing && !pausePending && restartAtHeard(decoder)
        makeStagesIfNeeded(decoder)
        if restarted { finishOverwrite() }
    }

    /// The stages for audio decoded from the decoder's position on, as the settings ask: the leveler (kept with its
    /// gain and estimate, its held audio dropped), the skipper and the time-stretcher.
    private func makeStagesIfNeeded(_ decoder: any AudioDecoder) {
        droppedEarlier += skipper?.droppedFrames ?? 0
        if let loudness {
            if let leveler, leveler.channels == decoder.format.channels, leveler.sampleRate == decoder.format.sampleRate {
                leveler.reset()
            } else {
                leveler = try? LoudnessLeveler(sampleRate: decoder.format.sampleRate, channels: decoder.format.channels, setting: loudness)
            }
        } else {
            leveler = nil
        }
        skipper =
            skipsSilence
            ? SilenceSkipper(sampleRate: decoder.format.sampleRate, channels: decoder.format.channels, start: decoder.position)
            : nil
        stretcher =
            speed == 1
            ? nil
            : TimeStretcher(
                sampleRate: decoder.format.sampleRate, channels: decoder.format.channels,
                speed: speed, start: decoder.position)
    }

    /// Takes back what the device has not played yet, to be written again with the ramp as it is now;
    /// `overwriting` when it will be written again whole (a volume change), so the device need not drop it first.
    private func takeBackUnheard(overwriting: Bool = false) {
        let pieces = retractQueued(overwriting: overwriting)
        guard let first = pieces.first else { return }
        replay.insert(contentsOf: pieces, at: 0)
        ramp.set(first.gainStart)
    }

    /// Writes at once the audio an overwrite replaces (taken back, or decoded again), so that the next command
    /// (another volume change, a pause) never finds the device's queue half replaced.
    private func finishOverwrite() {
        var steps = 0
        while let output, output.pendingOverwriteFrames > 0, decoder != nil, steps < 64 {
            step()
            steps += 1
        }
    }

    /// Drops what the device can still take back and returns it, oldest first; empty when nothing was.
    private func retractQueued(overwriting: Bool = false) -> [AudioPiece] {
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

    /// Takes back what the device has not played yet, but for a tenth of a second that keeps it playing, and moves a
    /// local file's decoder back to where that ends, so that a new speed or setting is heard at once; the caller
    /// writes the replacement with `finishOverwrite`. False when nothing was queued.
    private func restartAtHeard(_ decoder: any AudioDecoder) -> Bool {
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

    /// Drops everything written or waiting to be written again.
    private func dropQueued() {
        output?.flush()
        written?.removeAll()
        replay.removeAll()
    }

    private func closeEpisode() {
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
        stretcher = nil
        skipper = nil
        leveler = nil
        playing = false
        pausePending = false
    }

    private func performSeek(_ seconds: Double, relative: Bool) {
        guard let decoder, decoder.format.sampleRate > 0 else { return }
        let rate = Double(decoder.format.sampleRate)
        let here = heardPosition(decoder) * rate
        dropQueued()
        let target = max(0, relative ? here + seconds * rate : seconds * rate)
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
                if stream?.restart(at: byteOffset) != true { return }
                streamEnded = false
            }
        } catch {
            return
        }
        makeStagesIfNeeded(decoder)
        if playing {
            ramp.set(0)
            ramp.move(to: volumeGain, overFrames: VolumeRamp.shortRampFrames)
        }
        report(.position(Double(decoder.position) / rate))
    }

    /// Decodes, stretches, ramps and writes one chunk.
    private func step() {
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
        let sourceStart = currentPosition(decoder)
        let decodedFrames: Int
        do {
            decodedFrames = try produce(into: &pcm, decoder: decoder)
        } catch {
            finish(.error, error: error)
            return
        }
        if decodedFrames < 0 { return }
        var produced = decodedFrames
        if endEarly > 0, let total = decoder.estimatedFrames {
            // What is left before the point where the episode ends early, in output frames at this speed.
            let rate = Double(format.sampleRate)
            let left = (Double(total) / rate - endEarly - sourceStart) * rate / (stretcher == nil ? 1 : speed)
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
                limitEnd = sourceStart + Double(produced) * (stretcher == nil ? 1 : speed) / Double(format.sampleRate)
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
                sourceStart: sourceStart, sourceEnd: currentPosition(decoder),
                gainStart: 0, gainEnd: 0)
        emit(frames: produced, format: format, keeping: kept)
    }

    /// Ramps the first `frames` of the chunk buffer, writes them, keeps `piece` (the same audio before
    /// gain) for taking back, and completes a pause.
    private func emit(frames: Int, format: AudioFormat, keeping piece: AudioPiece?) {
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
        if let kept, written?.channels == format.channels, output?.format == format {
            if rampEnds > 0 && rampEnds < frames {
                // The ramp ended inside the piece: kept as two, so that a part taken back later gets the gain
                // it was written with (a straight line from the piece's first gain to its last would not).
                var (moving, steady) = kept.split(at: rampEnds)
                moving.gainEnd = kept.gainEnd
                steady.gainStart = kept.gainEnd
                written?.append(moving)
                written?.append(steady)
            } else {
                written?.append(kept)
            }
        }
        guard let decoder else { return }
        if pausePending && !ramp.isMoving {
            pausePending = false
            playing = false
            report(.paused)
            reportPosition(decoder)
            return
        }
        // Four reports a second of wall time: enough for a clock that shows seconds, and each one wakes the main
        // thread and its views; a file output running faster than real time is not flooded.
        let now = DispatchTime.now().uptimeNanoseconds
        if now &- lastReport >= Self.reportInterval {
            lastReport = now
            reportPosition(decoder)
        }
    }

    private func reportPosition(_ decoder: any AudioDecoder) {
        report(.position(heardPosition(decoder)))
        let dropped = droppedEarlier + (skipper?.droppedFrames ?? 0)
        if dropped != reportedDropped {
            reportedDropped = dropped
            report(.timeSaved(Double(dropped) / Double(max(1, decoder.format.sampleRate))))
        }
    }

    /// Where decoding has reached, in seconds of the episode.
    private func currentPosition(_ decoder: any AudioDecoder) -> Double {
        let position = stretcher?.sourcePosition ?? skipper.map { Double($0.outputPosition) } ?? Double(decoder.position)
        return (skipper?.sourcePosition(of: position) ?? position) / Double(max(1, decoder.format.sampleRate))
    }

    /// Where the listener is, in seconds: behind decoding by what the device has queued and what waits to be written again.
    private func heardPosition(_ decoder: any AudioDecoder) -> Double {
        if let output, let heard = written?.sourcePosition(framesBeforeEnd: unheardFrames(output)) {
            return heard
        }
        if let first = replay.first { return first.sourceStart }
        return currentPosition(decoder)
    }

    /// What `output` has not played yet, remembered in case it fails before telling again.
    private func unheardFrames(_ output: any AudioDevice) -> Int {
        lastUnplayed = output.unplayedFrames()
        return lastUnplayed
    }

    /// Frames produced into `pcm`; 0 at the end; -1 when a fed decoder is waiting for bytes.
    private func produce(into pcm: inout [Int16], decoder: any AudioDecoder) throws(AudioError) -> Int {
        let channels = decoder.format.channels
        if let stretcher {
            while true {
                let made = pcm.withUnsafeMutableBufferPointer { stretcher.pull(into: $0, maxFrames: chunkFrames) }
                if made > 0 { return made }
                if stretchInput.count < chunkFrames * channels {
                    stretchInput = [Int16](repeating: 0, count: chunkFrames * channels)
                }
                let got = try sourceChunk(into: &stretchInput, decoder: decoder)
                if got < 0 { return -1 }
                if got == 0 {
                    if stretcher.channels != channels { return 0 }
                    let tail = pcm.withUnsafeMutableBufferPointer { buffer -> Int in
                        stretcher.pushSilence(frames: stretcher.channels * 4096)
                        return stretcher.pull(into: buffer, maxFrames: Self.chunkFrames)
                    }
                    self.stretcher = nil
                    return tail
                }
                stretchInput.withUnsafeBufferPointer { stretcher.push(UnsafeBufferPointer(rebasing: $0[0..<got * channels])) }
            }
        }
        return try sourceChunk(into: &pcm, decoder: decoder)
    }

    /// Up to one chunk of the source's audio, with its long pauses shortened when skipping silence; 0 at the end, -1
    /// when nothing is ready yet (waiting for stream bytes, or inside a long pause: the next step goes on).
    private func sourceChunk(into buffer: inout [Int16], decoder: any AudioDecoder) throws(AudioError) -> Int {
        let channels = decoder.format.channels
        guard let skipper, skipper.channels == channels else { return try levelledChunk(into: &buffer, decoder: decoder) }
        for _ in 0..<8 {
            let pulled = buffer.withUnsafeMutableBufferPointer { skipper.pull(into: $0, maxFrames: chunkFrames) }
            if pulled > 0 { return pulled }
            if skipper.isFinished { return 0 }
            if skipInput.count < chunkFrames * channels { skipInput = [Int16](repeating: 0, count: chunkFrames * channels) }
            let got = try levelledChunk(into: &skipInput, decoder: decoder)
            if got < 0 { return -1 }
            if got == 0 {
                skipper.finish()
            } else {
                skipInput.withUnsafeBufferPointer { skipper.push(UnsafeBufferPointer(rebasing: $0[0..<got * channels])) }
            }
        }
        return -1
    }

    /// Up to one chunk of decoded frames, brought to the target loudness when normalising (the leveler's last frames
    /// come at the end); 0 at the end, -1 as for `decodeChunk`.
    private func levelledChunk(into buffer: inout [Int16], decoder: any AudioDecoder) throws(AudioError) -> Int {
        guard let leveler, leveler.channels == decoder.format.channels else { return try decodeChunk(into: &buffer, decoder: decoder) }
        let got = try decodeChunk(into: &buffer, decoder: decoder)
        if got > 0 {
            buffer.withUnsafeMutableBufferPointer { leveler.process($0, frames: got) }
            return got
        }
        if got == 0 { return buffer.withUnsafeMutableBufferPointer { leveler.drain(into: $0) } }
        return got
    }

    /// Decodes up to one chunk of frames; 0 at the end, -1 when waiting for stream bytes or after a format
    /// change (the next step reads the new format before it decodes again).
    private func decodeChunk(into pcm: inout [Int16], decoder: any AudioDecoder) throws(AudioError) -> Int {
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
                makeStagesIfNeeded(decoder)
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
    private func feedStream(_ decoder: any AudioDecoder) -> Bool {
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
            stream: stream, head: head, interrupted: { [unowned self] in self.commandCannotWait },
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
        makeStagesIfNeeded(decoder)
        if streamStart > 0 {
            let start = streamStart
            streamStart = 0
            performSeek(start, relative: false)
        }
    }

    /// True when a command waits that must not wait for the network and ends the episode: stop, load, shutdown.
    private var commandCannotWait: Bool {
        condition.lock()
        defer { condition.unlock() }
        return inbox.contains { command in
            switch command {
            case .stop, .load, .shutdown: true
            default: false
            }
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

    // MARK: - A stream that runs dry

    /// Starts holding the stream to refill it when the listener hears nothing more: the stream has no bytes and the
    /// output has all but played what it holds. A file output never runs dry, nor does a stream before its first sound.
    private func startRefillIfDry() {
        guard refill == nil, episodeWrote, !outputSpec.isFile, let stream else { return }
        if let output, unheardFrames(output) > output.format.sampleRate / 10 { return }
        let fill = stream.waitForFill(atLeast: 0, waitingAtMost: 0)
        if fill.ended { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- streamOpened) / 1e9
        let arriving = elapsed >= 1 ? Double(fill.received) / elapsed : nil
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
    private func refilled() -> Bool {
        guard let refill, let stream else {
            self.refill = nil
            return true
        }
        let fill = stream.waitForFill(atLeast: refill.targetBytes, waitingAtMost: 0.1)
        if refill.isDone(fill) {
            self.refill = nil
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
    private func waitOutStarvation() {
        startRefillIfDry()
        while refill != nil, !refilled() {
            if commandCannotWait { return }
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

    private func truncationMessage(_ decoder: any AudioDecoder) -> AudioError? {
        guard stream == nil, let announced = decoder.announcedFrames, decoder.position + 1152 < announced else { return nil }
        let rate = Double(decoder.format.sampleRate)
        return AudioError.truncated(
            path: decoder.path, played: Double(decoder.position) / rate,
            expected: Double(announced) / rate)
    }

    private func finish(_ reason: EngineEndReason, error: AudioError?) {
        if reason == .eof { output?.drain() }
        if let decoder { reportPosition(decoder) }
        closeEpisode()
        report(.ended(reason, error: error))
    }

    /// Writes to the output, opening it first and reopening it if it failed (the sound server restarted);
    /// false when the output failed.
    private func write(_ pcm: [Int16], frames: Int, format: AudioFormat) -> Bool {
        do throws(AudioError) {
            if output == nil || output?.format != format {
                // A file holds one format: a change goes on in the next part (NAME-2.wav) rather than over it.
                if let open = output, open.format != format, outputSpec.isFile { outputPart += 1 }
                setOutput(nil)
                setOutput(try AudioDevices.open(outputSpec.part(outputPart), format: format))
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

    /// Drops a device that failed: the episode ends if it never played or the output is wrong, else it is reopened soon.
    private func deviceFailed(_ error: AudioError) {
        // What the dead device had queued was not heard either (as far as it last told).
        if let pieces = written?.takeBack(frames: lastUnplayed), !pieces.isEmpty {
            replay.insert(contentsOf: pieces, at: 0)
        }
        lastUnplayed = 0
        setOutput(nil)
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

    /// Whether the output was lost and has not come back yet (reported once).
    private var outputLost = false

    private var hasPlayedAnything = false
    /// What the output last said it had not played yet, in frames.
    private var lastUnplayed = 0
    /// Where a stream starts, applied once its format is known.
    private var streamStart = 0.0
    /// Output frames still allowed by a duration limit.
    private var framesLeft: Int?
    /// The duration limit of the episode, in seconds.
    private var limitSeconds: Double?
    /// Where in the episode the duration limit ended it, once the last chunk was cut there.
    private var limitEnd: Double?
    /// Seconds before its end that an episode ends (its outro skipped).
    private var endEarly = 0.0
    /// The refill of a stream that ran dry; nil while it plays.
    private var refill: StreamRefill?
    /// The refill's progress last reported.
    private var lastRefillReport = 0.0
    /// When the stream was opened (uptime nanoseconds), to tell how fast it arrives.
    private var streamOpened: UInt64 = 0
    /// Whether the episode's stream was said to arrive slower than it plays.
    private var saidSlow = false
    /// Whether the episode has written audio yet.
    private var episodeWrote = false
}
