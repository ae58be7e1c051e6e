import AudioEngine
import Foundation
import Logging
import Playback
import PodcastKit

extension LibraryTaskRunner {
    /// `clip TARGET [FROM [TO]] -o FILE`: writes the stretch into FILE, in the format its extension names, whole or not
    /// at all.
    package func clip(_ request: ClipRequest) async throws -> Int32 {
        let format = try ClipFormat(path: request.output)
        if request.asHeard, format == .mp3 {
            throw CommandError(.invalidParameter, "clip: --as-heard writes .wav or .flac (an MP3 would need re-encoding)")
        }
        useKeptCredentials()
        let resolver = PlayableResolver.forListener(paths: editor.paths)
        let item: NowPlaying
        let span: (from: Double, to: Double)
        do {
            item = try resolver.resolve(request.target)
            if item.isLive {
                throw CommandError(.invalidParameter, "clip: \(request.target) is a live stream: it has no end to cut from")
            }
            span = try Self.span(of: request, item: item, resolver: resolver)
        } catch let error as ResolveError {
            throw CommandError(.unreadable, "clip: \(error)")
        }
        let name = TerminalText.safe(item.ref ?? item.title)
        let source = try await ClipSource.local(item.url, name: name)
        defer { source.discard() }
        // An MP3's frames are read once; a stream that breaks off (junk, a change of format) covers less than it plays.
        let mp3 = try Self.mp3(source.path, name: name)
        let covered = mp3.map { span.to <= $0.seconds + 0.0005 } ?? false
        if let length = try covered ? mp3?.seconds : Self.length(of: source.path, name: name) {
            guard span.from < length else {
                throw CommandError(
                    .invalidParameter, "clip: \(ClockText.of(span.from)) is past the end of \(name) (\(ClockText.of(length)))")
            }
            guard span.to <= length + 0.0005 else {
                throw CommandError(.invalidParameter, "clip: \(ClockText.of(span.to)) is past the end of \(name) (\(ClockText.of(length)))")
            }
        }
        let chapters = await chaptersInside(span, of: item.ref, file: source.path)
        let labels = ClipLabels(item: item, span: span, chapters: chapters)
        let written: (seconds: Double, skipped: Double)
        do {
            let file = try ClipFile(path: request.output)
            switch format {
            case .mp3:
                guard let mp3 else { throw CommandError(.invalidParameter, "clip: \(name) is not an MP3: write .wav or .flac") }
                guard covered else {
                    throw CommandError(
                        .invalidParameter,
                        "clip: \(name): its MP3 stream breaks off at \(ClockText.of(mp3.seconds)) (junk or a change of format): write .wav or .flac"
                    )
                }
                var tag = labels.id3
                tag.picture = await picture(item.image)
                let cut = try mp3.write(from: span.from, to: span.to, tag: tag.bytes(), into: file)
                written = (Double(cut.frames) / Double(cut.format.sampleRate), 0)
            case .wav, .flac:
                // An MP3 is cut first and the cut decoded from its start: libmpg123 decodes it exactly as the whole
                // file, where a seek would start from too few frames before.
                var decoded = (path: source.path, from: span.from, to: span.to)
                var cut: ClipFile?
                if let mp3, covered {
                    let piece = try ClipFile(path: request.output + ".mp3")
                    _ = try mp3.write(from: span.from, to: span.to, tag: [], into: piece)
                    decoded = (piece.temporary, 0, .infinity)
                    cut = piece
                }
                var writer: (any ClipSampleWriter)?
                let listening = request.asHeard ? try listening(for: item) : .exact
                let outcome = try SpanRender.render(
                    path: decoded.path, from: decoded.from, to: decoded.to, listening: listening,
                    begin: { audio throws(AudioError) in
                        writer =
                            format == .wav
                            ? try WAVClipWriter(file: file, format: audio)
                            : try FLACClipWriter(file: file, format: audio, comments: labels.vorbisComments)
                    },
                    samples: { chunk throws(AudioError) in try writer?.append(chunk) })
                guard outcome.frames > 0 else { throw CommandError(.unreadable, "clip: \(name): no audio between those times") }
                try writer?.finish()
                withExtendedLifetime(cut) {}
                let rate = Double(outcome.format.sampleRate)
                written = (Double(outcome.frames) / rate, Double(outcome.droppedFrames) / rate)
            }
            try file.commit()
        } catch let error as AudioError {
            switch error {
            case .unwritable: throw CommandError(.failed, "clip: \(error)")
            default: throw CommandError(.unreadable, "clip: \(name): \(error)")
            }
        }
        output.value(
            .object([
                ("file", .string(request.output)), ("ref", .string(item.ref ?? item.url)), ("format", .string(format.rawValue)),
                ("from", .number(span.from)), ("to", .number(span.to)), ("seconds", .number(written.seconds)),
                ("as_heard", .bool(request.asHeard)), ("silence_skipped", .number(written.skipped)),
                ("chapters", .int(Int64(chapters.count))),
            ]))
        let how = format == .mp3 ? "cut on frames, not re-encoded" : request.asHeard ? "as heard" : "exact to the sample"
        output.line(
            "Wrote \(request.output): \(name) \(ClockText.of(span.from))–\(ClockText.of(span.to)), "
                + "\(String(format: "%.1f", written.seconds)) s (\(how))")
        return 0
    }

    /// The stretch asked for: the times given, a bookmark's time and a length, or a soundbite's.
    private static func span(of request: ClipRequest, item: NowPlaying, resolver: PlayableResolver) throws -> (from: Double, to: Double) {
        if let number = request.soundbite {
            let soundbite = try resolver.soundbite(number, of: item)
            return (soundbite.start, soundbite.start + soundbite.duration)
        }
        guard let from = request.from ?? item.start else {
            throw CommandError(.invalidParameter, "clip: give FROM and TO (or --length)")
        }
        guard let to = request.to ?? request.length.map({ from + $0 }) else {
            throw CommandError(.invalidParameter, "clip: give TO or --length")
        }
        guard to > from else {
            throw CommandError(.invalidParameter, "clip: TO (\(ClockText.of(to))) is not after FROM (\(ClockText.of(from)))")
        }
        return (from, to)
    }

    /// The MP3 at `path`, its frames read; nil for another format.
    private static func mp3(_ path: String, name: String) throws -> MP3Cut? {
        do {
            return try MP3Cut(path: path)
        } catch {
            throw CommandError(.unreadable, "clip: \(name): \(error)")
        }
    }

    /// The audio's length in seconds, as its decoder reckons it; nil when it cannot tell.
    private static func length(of path: String, name: String) throws -> Double? {
        do {
            let decoder = try Decoders.open(path: path)
            return decoder.estimatedFrames.map { Double($0) / Double(decoder.format.sampleRate) }
        } catch {
            throw CommandError(.unreadable, "clip: \(name): \(error)")
        }
    }

    /// The chapters that overlap `span`, in the clip's own time: the library episode's (`ref`), else those of the file's
    /// tag (a streamed episode's, fetched for the clip); none when there are none or they cannot be read.
    private func chaptersInside(_ span: (from: Double, to: Double), of ref: String?, file: String) async -> [Chapter] {
        var found = try? await chapterList(of: ref ?? file)
        if found?.chapters.isEmpty ?? true, ref != nil { found = ChapterFinder.chapters(feed: [], file: file, warn: { _ in }) }
        guard let list = found else { return [] }
        var inside: [Chapter] = []
        for (index, chapter) in list.chapters.enumerated() {
            let end = list.end(ofChapterAt: index, duration: nil) ?? span.to
            guard chapter.start < span.to, end > span.from else { continue }
            inside.append(
                Chapter(
                    start: max(chapter.start, span.from) - span.from, end: min(end, span.to) - span.from,
                    title: chapter.title ?? "Chapter \(index + 1)"))
        }
        return inside
    }

    /// The feed's picture for an MP3's tag (JPEG or PNG); nil, with a warning, when it cannot be had.
    private func picture(_ url: String?) async -> (mime: String, data: [UInt8])? {
        guard let url, FeedURL.isRemote(url) else { return nil }
        let warn = { (why: String) in Logger(label: "podline.clip").warning("\(url): the picture is left out (\(why))") }
        let body: [UInt8]?
        do {
            body = try await HTTPFetcher.with { http in try await http!.fetchDocument(url, sizeCap: 8 << 20).body }
        } catch {
            warn("\(error)")
            return nil
        }
        guard let body, let mime = ID3TagWriter.imageType(of: body) else {
            warn("not a JPEG or PNG image")
            return nil
        }
        return (mime, body)
    }

    /// How `item` plays: its show's settings, else the general ones, as the player would take them.
    private func listening(for item: NowPlaying) throws -> SpanListening {
        let settings = Configuration.settings
        let show = settings.show(item.showSlug)
        let normalize = show.normalize ?? settings.normalize
        let measured = try item.marks?.episodeID.flatMap { id in normalize ? try store.loudness(episodeID: id) : nil }
        return SpanListening(
            speed: show.speed ?? settings.speed, skipsSilence: show.skipSilence ?? settings.skipSilence,
            loudness: normalize ? LoudnessSetting(target: settings.loudnessTarget, measured: measured) : nil,
            voiceBoost: show.voiceBoost ?? settings.voiceBoost)
    }
}

/// The formats `clip` writes, by the output's extension.
enum ClipFormat: String {
    case wav, flac, mp3

    init(path: String) throws(CommandError) {
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        guard let format = ClipFormat(rawValue: ext) else {
            throw CommandError(.invalidParameter, "clip: \(path): name a .wav, .flac or .mp3 file")
        }
        self = format
    }
}

/// What a clip is tagged with: the episode, the show and the chapters inside it.
struct ClipLabels {
    let item: NowPlaying
    let span: (from: Double, to: Double)
    let chapters: [Chapter]

    /// Where the clip comes from, as a comment.
    var comment: String { "\(ClockText.of(span.from))–\(ClockText.of(span.to)) of \(item.ref ?? item.url)" }

    /// The MP3's ID3v2.4 tag, picture aside.
    var id3: ID3TagWriter {
        var tag = ID3TagWriter()
        tag.title = item.title
        tag.album = item.show
        tag.artist = item.author ?? item.show
        tag.comment = comment
        tag.chapters = chapters
        return tag
    }

    /// FLAC's Vorbis comments, with the chapters as `CHAPTERnnn` and `CHAPTERnnnNAME`.
    var vorbisComments: [(String, String)] {
        var comments: [(String, String)] = [("TITLE", item.title), ("COMMENT", comment)]
        if let show = item.show { comments.append(("ALBUM", show)) }
        if let artist = item.author ?? item.show { comments.append(("ARTIST", artist)) }
        for (index, chapter) in chapters.enumerated() {
            let number = String(format: "CHAPTER%03d", index + 1)
            let millis = Int((chapter.start * 1000).rounded())
            let clock = String(format: "%02d:%02d:%02d.%03d", millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60, millis % 1000)
            comments += [(number, clock), (number + "NAME", chapter.title ?? "")]
        }
        return comments
    }
}
