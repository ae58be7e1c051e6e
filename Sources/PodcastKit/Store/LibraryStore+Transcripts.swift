import GRDB

/// A transcript kept in the library: where it came from, its format and its cues.
public struct KeptTranscript: Sendable, Equatable {
    public var url: String
    public var format: TranscriptFormat
    public var language: String?
    public var cues: [TranscriptCue]
}

extension LibraryStore {
    /// The transcript kept for the episode, if one was fetched.
    public func keptTranscript(episodeID: Int64) throws(StoreError) -> KeptTranscript? {
        try read { db in
            let sql = "SELECT url, format, language FROM transcript WHERE episodeID = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [episodeID]), let format = TranscriptFormat(rawValue: row["format"])
            else { return nil }
            let cues = try Row.fetchAll(
                db, sql: #"SELECT start, "end", speaker, text FROM transcript_cue WHERE episodeID = ? ORDER BY position"#,
                arguments: [episodeID]
            ).map { TranscriptCue(start: $0["start"], end: $0["end"], speaker: $0["speaker"], text: $0["text"]) }
            return KeptTranscript(url: row["url"], format: format, language: row["language"], cues: cues)
        }
    }

    /// Where the transcript kept for the episode came from, if one was fetched (its cues left unread).
    public func keptTranscriptURL(episodeID: Int64) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT url FROM transcript WHERE episodeID = ?", arguments: [episodeID]) }
    }

    /// Keeps `transcript` for the episode, replacing what was kept, in one transaction.
    public func keepTranscript(episodeID: Int64, _ transcript: KeptTranscript) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM transcript WHERE episodeID = ?", arguments: [episodeID])
            try db.execute(
                sql: "INSERT INTO transcript (episodeID, url, format, language) VALUES (?, ?, ?, ?)",
                arguments: [episodeID, transcript.url, transcript.format.rawValue, transcript.language])
            let insert = try db.makeStatement(
                sql: #"INSERT INTO transcript_cue (episodeID, position, start, "end", speaker, text) VALUES (?, ?, ?, ?, ?, ?)"#)
            for (position, cue) in transcript.cues.enumerated() {
                try insert.execute(arguments: [episodeID, position, cue.start, cue.end, cue.speaker, cue.text])
            }
        }
    }
}
