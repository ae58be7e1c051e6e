import Foundation
import GRDB

/// One place where searched words occur: a transcript's cue (to the second), an episode's title or its notes.
public struct SearchHit: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case transcript, title, notes
    }

    public var listing: EpisodeListing
    public var kind: Kind
    /// Where in the episode it was said (transcripts only).
    public var time: Double?
    /// The matching text, each match between `SearchHit.markStart` and `SearchHit.markEnd`.
    public var text: String
    /// SQLite's bm25 rank: lower is better.
    public var rank: Double

    /// The characters around each match in `text`.
    public static let markStart: Character = "\u{1}"
    public static let markEnd: Character = "\u{2}"
}

extension LibraryStore {
    /// The best `limit` places where `text` occurs in transcripts, titles and show notes (of one show when
    /// `showID` is given), best first. `text`: words (all must occur, case and accents folded), "quoted
    /// phrases", and `word*` prefixes. Empty when `text` holds nothing to search for. `heardOnly`: transcript cues
    /// alone, and of those only the ones that begin within a stretch of the listening log.
    public func search(_ text: String, showID: Int64? = nil, limit: Int = 20, heardOnly: Bool = false) throws(StoreError)
        -> [SearchHit]
    {
        guard let match = Self.searchQuery(text), limit > 0 else { return [] }
        return try read { db in
            let show = showID == nil ? "" : " AND episode.showID = \(showID!)"
            var heard = ""
            if heardOnly {
                heard =
                    " AND EXISTS (SELECT 1 FROM listening WHERE listening.episodeID = transcript_cue.episodeID"
                    + " AND transcript_cue.start >= listening.fromPosition AND transcript_cue.start < listening.toPosition)"
            }
            var found: [(id: Int64, kind: SearchHit.Kind, time: Double?, text: String, rank: Double)] = []
            // Ranking every match costs time in proportion to their number (1.3 s for a word in 1.8 million
            // cues), and so does bm25's weight of a word (it counts the cues holding it: 40 ms): past
            // `rankedMatches`, the newest cues are taken, unranked, after any title or notes hit.
            let broad =
                try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM (SELECT rowid FROM transcript_search WHERE transcript_search MATCH ? LIMIT ?)",
                    arguments: [match, Self.rankedMatches + 1]) ?? 0 > Self.rankedMatches
            let cues = try Row.fetchAll(
                db,
                sql: """
                    SELECT transcript_cue.episodeID AS episodeID, transcript_cue.start AS start,
                        snippet(transcript_search, 0, char(1), char(2), '…', 24) AS text,
                        \(broad ? "0.0" : "bm25(transcript_search)") AS rank
                    FROM transcript_search
                    JOIN transcript_cue ON transcript_cue.id = transcript_search.rowid
                    JOIN live_episode AS episode ON episode.id = transcript_cue.episodeID
                    WHERE transcript_search MATCH ?\(show)\(heard) ORDER BY \(broad ? "transcript_search.rowid DESC" : "rank") LIMIT ?
                    """, arguments: [match, limit])
            for row in cues { found.append((row["episodeID"], .transcript, row["start"], row["text"], row["rank"])) }
            // The index keeps no text (see migration v9): the hits' title and notes are read from the episodes,
            // and their matches marked by `marked`. What was heard is in the transcripts alone.
            let episodes =
                heardOnly
                ? []
                : try Row.fetchAll(
                    db,
                    sql: """
                        SELECT episode.id AS episodeID, episode.title AS title, episode.description AS description,
                            bm25(episode_search, 10.0, 1.0) AS rank
                        FROM episode_search JOIN live_episode AS episode ON episode.id = episode_search.rowid
                        WHERE episode_search MATCH ?\(show) ORDER BY rank LIMIT ?
                        """, arguments: [match, limit])
            let texts = episodes.map { row in
                (
                    id: row["episodeID"] as Int64, title: row["title"] as String?,
                    notes: (row["description"] as String?).map { ShowNotes.searchText(html: $0) }
                )
            }
            let marked = try Self.marked(match, in: texts)
            for (row, text) in zip(episodes, texts) {
                if let title = marked[text.id]?.title, title.contains(SearchHit.markStart) {
                    found.append((text.id, .title, nil, title, row["rank"]))
                } else {
                    let notes = marked[text.id]?.notes ?? (text.notes ?? "").split(separator: " ").prefix(24).joined(separator: " ")
                    found.append((text.id, .notes, nil, CueText.collapsed(notes), row["rank"]))
                }
            }
            // By rank; hits of equal rank (the newest cues of a broad query) keep their order.
            found = found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
            found = Array(found.prefix(limit))
            let ids = Set(found.map(\.id)).map(String.init).joined(separator: ",")
            guard !ids.isEmpty else { return [] }
            let listings = try EpisodeListing.fetchAll(db, sql: Self.listingFrom + " WHERE episode.id IN (\(ids))")
            let byID = Dictionary(listings.compactMap { listing in listing.episode.id.map { ($0, listing) } }) { first, _ in first }
            return found.compactMap { hit in
                byID[hit.id].map { SearchHit(listing: $0, kind: hit.kind, time: hit.time, text: hit.text, rank: hit.rank) }
            }
        }
    }

    /// How many transcript cues a search ranks all of; a query matching more takes the newest, unranked.
    static let rankedMatches = 20_000

    /// An FTS5 query from what a listener types: "quoted phrases" stay phrases, `word*` is a prefix, every other
    /// word must occur as it is; quotes inside are escaped and words without a letter or digit dropped.
    static func searchQuery(_ text: String) -> String? {
        var terms: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            let term: Substring
            var prefix = false
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"") ?? body.endIndex
                term = body[..<close]
                rest = close < body.endIndex ? body[body.index(after: close)...] : body[close...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                var word = rest[..<end]
                rest = rest[end...]
                if word.hasSuffix("*") {
                    prefix = true
                    word = word.dropLast()
                }
                term = word
            }
            guard term.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            terms.append("\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefix ? "*" : ""))
        }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }

    /// The title (highlighted) and a snippet of the notes of each of `hits` that `match` finds, its matches
    /// between `SearchHit.markStart` and `SearchHit.markEnd`: SQLite's own highlight and snippet, over the hits
    /// indexed again in memory the way `episode_search` indexes them (that index keeps no text to show).
    static func marked(_ match: String, in hits: [(id: Int64, title: String?, notes: String?)]) throws -> [Int64: MarkedText] {
        guard !hits.isEmpty else { return [:] }
        return try DatabaseQueue().write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE hit USING fts5 (title, notes, tokenize='unicode61 remove_diacritics 2')")
            for hit in hits {
                try db.execute(sql: "INSERT INTO hit (rowid, title, notes) VALUES (?, ?, ?)", arguments: [hit.id, hit.title, hit.notes])
            }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT rowid AS id, highlight(hit, 0, char(1), char(2)) AS title, snippet(hit, 1, char(1), char(2), '…', 24) AS notes
                    FROM hit WHERE hit MATCH ?
                    """, arguments: [match])
            return Dictionary(rows.map { ($0["id"], ($0["title"] ?? "", $0["notes"] ?? "")) }) { first, _ in first }
        }
    }

    /// A hit's title and a snippet of its notes, their matches marked.
    typealias MarkedText = (title: String, notes: String)

    /// `podline_notes_text(html)`, registered on every connection: show notes as the search index's triggers
    /// index them (`ShowNotes.searchText`), NULL for NULL.
    static func notesTextFunction() -> DatabaseFunction {
        DatabaseFunction("podline_notes_text", argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).map { ShowNotes.searchText(html: $0) }
        }
    }
}
