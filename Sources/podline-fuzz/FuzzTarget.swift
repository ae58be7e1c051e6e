/// The untrusted-input parsers the fuzzer drives, one input at a time.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// RSS, Atom and RDF feeds: text decoding, the XML tokenizer and the feed builder.
    case feed
    /// OPML subscription lists.
    case opml
    /// Command lines as the REPL, the shell form and plain socket lines write them.
    case command
    /// The control socket's byte stream: line splitting and request decoding (JSON envelope or plain line).
    case socket
    /// ID3v2 tags: frames, unsynchronisation, CHAP and CTOC, text in every encoding.
    case id3
    /// podcast:chapters JSON files.
    case chapters
    /// Transcripts: SubRip, WebVTT, JSON, HTML and plain text, told apart by their content.
    case transcript
    /// What a terminal sends the interactive REPL, decoded into the line editor's characters.
    case keys
    /// What a terminal sends the full-screen view: keys, escape sequences, pastes and mouse reports.
    case screen
    /// Audio containers FFmpeg opens for Podline (MP4, Ogg, FLAC, WAV, ADTS), read through Podline's own input.
    case media
    /// A live stream's bytes with Icecast's metadata between the audio (`icy-metaint`).
    case icy

    /// Feeds `bytes` to the parser and checks what it promises; a broken promise stops the process.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .feed: FeedProbe.run(bytes)
        case .opml: OPMLProbe.run(bytes)
        case .command: CommandProbe.run(bytes)
        case .socket: SocketProbe.run(bytes)
        case .id3: ID3Probe.run(bytes)
        case .chapters: ChaptersProbe.run(bytes)
        case .transcript: TranscriptProbe.run(bytes)
        case .keys: KeysProbe.run(bytes)
        case .screen: ScreenProbe.run(bytes)
        case .media: MediaProbe.run(bytes)
        case .icy: IcyProbe.run(bytes)
        }
    }

    /// `feed, opml, command, socket, id3, chapters, transcript, keys, screen, media, icy`, for messages.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
