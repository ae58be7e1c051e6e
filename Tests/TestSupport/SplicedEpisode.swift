import Foundation

/// An episode as a server that inserts ads per download serves it: a talk (espeak-ng speech over a room-tone bed,
/// 44.1 kHz mono, about 70 s) and spoken ads (four voices, their own silences trimmed), spliced together at chosen
/// places of the talk. Made the same each time (the bed's noise too), so that a run that fails fails again.
public struct SplicedEpisode: Sendable {
    /// The folder the parts and the spliced files are made in.
    public let folder: URL
    /// The talk, unspliced.
    public let talk: URL
    /// The ads.
    public let ads: [URL]

    /// Makes the talk and the ads in `folder`.
    public static func make(in folder: URL) throws -> SplicedEpisode {
        let sentences = [
            "Welcome back to the show. Today we talk about rivers, bridges and the people who build them.",
            "The first bridge over this river was made of wood, and it burned down twice in forty years.",
            "Our guest spent a decade measuring how water moves around the piers of old stone bridges.",
            "She found that the shape of a pier matters more than its size, which surprised the engineers.",
            "After the break we will hear how a small town rebuilt its bridge with the help of its school.",
            "The children drew the plans, their parents carried the stones, and the mayor paid for the cement.",
            "It took three summers, and on the opening day the whole valley walked across it together.",
            "Floods came the next spring, higher than anyone remembered, and the new bridge held firm.",
            "Engineers from the capital came to see why, and found the piers were shaped like a fish.",
            "A letter from a listener asks whether old bridges should be kept or replaced with new ones.",
            "Our guest says the answer depends on the river, on the traffic and on what the town loves.",
            "That is all for this week. Thank you for listening, and see you next time by the water.",
        ]
        let spoken = folder.appendingPathComponent("talk-spoken.wav")
        try CommandRunner.tool("espeak-ng", ["-v", "en-us", "-s", "165", "-w", spoken.path, sentences.joined(separator: " ")])
        let voice = folder.appendingPathComponent("talk-voice.wav")
        try CommandRunner.tool("sox", [spoken.path, "-r", "44100", "-c", "1", voice.path, "norm", "-3"])
        let seconds = try WAVFile(url: voice).duration
        let bed = folder.appendingPathComponent("bed.wav")
        try CommandRunner.tool("sox", ["-R", "-n", "-r", "44100", "-c", "1", bed.path, "synth", "\(seconds)", "pinknoise", "vol", "-45dB"])
        let talk = folder.appendingPathComponent("talk.wav")
        try CommandRunner.tool("sox", ["-m", voice.path, bed.path, talk.path])
        let spots = [
            ("en-us+f3", "This episode is brought to you by Acme mattresses. Sleep better tonight, use the code RIVER."),
            ("en-gb", "Tired of slow internet? Switch to Fibrenet today and get three months free."),
            ("en-us+m7", "Visit the garden centre this weekend, where every plant is half price until Sunday."),
            ("en-us+f4", "Learn a language in ten minutes a day with the app that millions already use."),
        ]
        var ads: [URL] = []
        for (index, (adVoice, text)) in spots.enumerated() {
            let said = folder.appendingPathComponent("ad-\(index)-spoken.wav")
            try CommandRunner.tool("espeak-ng", ["-v", adVoice, "-s", "180", "-w", said.path, text])
            // An ad starts and ends on its voice: its own silences are trimmed.
            let ad = folder.appendingPathComponent("ad-\(index).wav")
            try CommandRunner.tool(
                "sox",
                [
                    said.path, "-r", "44100", "-c", "1", ad.path, "silence", "1", "0.02", "1%", "reverse", "silence", "1", "0.02", "1%",
                    "reverse", "norm", "-1",
                ])
            ads.append(ad)
        }
        return SplicedEpisode(folder: folder, talk: talk, ads: ads)
    }

    /// How long the talk runs, in seconds.
    public var talkSeconds: Double { (try? WAVFile(url: talk).duration) ?? 0 }

    /// The talk with the ads numbered `ads` spliced in at `places` (seconds of the talk, in order; 0 puts one before
    /// it, its length after it), as the WAV `name`.wav; returns the file and where each ad lies in it, in seconds.
    public func spliced(_ ads: [Int], at places: [Double], name: String) throws -> (wav: URL, spans: [ClosedRange<Double>]) {
        var pieces: [URL] = []
        var spans: [ClosedRange<Double>] = []
        var talkAt = 0.0
        var fileAt = 0.0
        for (ad, place) in zip(ads, places) {
            if place > talkAt {
                let piece = folder.appendingPathComponent("\(name)-\(pieces.count).wav")
                try CommandRunner.tool("sox", [talk.path, piece.path, "trim", "\(talkAt)", "=\(place)"])
                pieces.append(piece)
                fileAt += try WAVFile(url: piece).duration
            }
            let length = try WAVFile(url: self.ads[ad]).duration
            pieces.append(self.ads[ad])
            spans.append(fileAt...(fileAt + length))
            fileAt += length
            talkAt = place
        }
        if talkAt < talkSeconds {
            let rest = folder.appendingPathComponent("\(name)-rest.wav")
            try CommandRunner.tool("sox", [talk.path, rest.path, "trim", "\(talkAt)"])
            pieces.append(rest)
        }
        let whole = folder.appendingPathComponent("\(name).wav")
        try CommandRunner.tool("sox", pieces.map(\.path) + [whole.path])
        return (whole, spans)
    }

    /// `spliced` encoded by lame at `bitRate` kb/s into `served`/`name`; returns where each ad lies, in seconds.
    public func mp3(_ ads: [Int], at places: [Double], bitRate: Int, name: String, into served: URL) throws -> [ClosedRange<Double>] {
        let (wav, spans) = try spliced(ads, at: places, name: name)
        try CommandRunner.tool("lame", ["--quiet", "-b", "\(bitRate)", wav.path, served.appendingPathComponent(name).path])
        return spans
    }
}
