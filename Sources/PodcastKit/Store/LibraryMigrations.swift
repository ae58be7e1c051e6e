import GRDB

/// The schema of `library.sqlite`, one migration per change, applied in order.
enum LibraryMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: shows and episodes") { db in
            try db.execute(
                sql: """
                    CREATE TABLE show (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        slug TEXT NOT NULL UNIQUE,
                        feedURL TEXT NOT NULL UNIQUE,
                        title TEXT, author TEXT, image TEXT, link TEXT, description TEXT, language TEXT,
                        podcastGUID TEXT, etag TEXT, lastModified TEXT,
                        lastUpdate DATETIME, lastError TEXT,
                        addedAt DATETIME NOT NULL,
                        nextNumber INTEGER NOT NULL DEFAULT 1
                    );
                    CREATE TABLE episode (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        showID INTEGER NOT NULL REFERENCES show(id) ON DELETE CASCADE,
                        number INTEGER NOT NULL,
                        guid TEXT NOT NULL,
                        title TEXT, link TEXT, description TEXT, published DATETIME, duration DOUBLE,
                        enclosureURL TEXT, enclosureLength INTEGER, enclosureType TEXT,
                        season INTEGER, episodeNumber INTEGER, chaptersURL TEXT, transcriptURL TEXT, image TEXT,
                        isPlayed BOOLEAN NOT NULL DEFAULT 0,
                        position DOUBLE NOT NULL DEFAULT 0,
                        isFavorite BOOLEAN NOT NULL DEFAULT 0,
                        downloadPath TEXT,
                        firstSeen DATETIME NOT NULL,
                        UNIQUE (showID, guid),
                        UNIQUE (showID, number)
                    );
                    CREATE INDEX episode_by_date ON episode (published);
                    CREATE VIRTUAL TABLE episode_search USING fts5 (
                        title, description, content='episode', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
                    );
                    CREATE TRIGGER episode_search_insert AFTER INSERT ON episode BEGIN
                        INSERT INTO episode_search (rowid, title, description) VALUES (new.id, new.title, new.description);
                    END;
                    CREATE TRIGGER episode_search_delete AFTER DELETE ON episode BEGIN
                        INSERT INTO episode_search (episode_search, rowid, title, description)
                        VALUES ('delete', old.id, old.title, old.description);
                    END;
                    CREATE TRIGGER episode_search_update AFTER UPDATE OF title, description ON episode BEGIN
                        INSERT INTO episode_search (episode_search, rowid, title, description)
                        VALUES ('delete', old.id, old.title, old.description);
                        INSERT INTO episode_search (rowid, title, description) VALUES (new.id, new.title, new.description);
                    END;
                    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """)
        }
        migrator.registerMigration("v2: episode counts kept on each show") { db in
            try db.execute(
                sql: """
                    ALTER TABLE show ADD COLUMN episodeCount INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE show ADD COLUMN unplayedCount INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE show ADD COLUMN downloadedCount INTEGER NOT NULL DEFAULT 0;
                    UPDATE show SET
                        episodeCount = (SELECT COUNT(*) FROM episode WHERE showID = show.id),
                        unplayedCount = (SELECT COUNT(*) FROM episode WHERE showID = show.id AND isPlayed = 0),
                        downloadedCount = (SELECT COUNT(*) FROM episode WHERE showID = show.id AND downloadPath IS NOT NULL);
                    CREATE TRIGGER show_counts_insert AFTER INSERT ON episode BEGIN
                        UPDATE show SET episodeCount = episodeCount + 1,
                            unplayedCount = unplayedCount + (new.isPlayed = 0),
                            downloadedCount = downloadedCount + (new.downloadPath IS NOT NULL)
                        WHERE id = new.showID;
                    END;
                    CREATE TRIGGER show_counts_delete AFTER DELETE ON episode BEGIN
                        UPDATE show SET episodeCount = episodeCount - 1,
                            unplayedCount = unplayedCount - (old.isPlayed = 0),
                            downloadedCount = downloadedCount - (old.downloadPath IS NOT NULL)
                        WHERE id = old.showID;
                    END;
                    CREATE TRIGGER show_counts_update AFTER UPDATE OF isPlayed, downloadPath ON episode BEGIN
                        UPDATE show SET
                            unplayedCount = unplayedCount - (old.isPlayed = 0) + (new.isPlayed = 0),
                            downloadedCount = downloadedCount - (old.downloadPath IS NOT NULL) + (new.downloadPath IS NOT NULL)
                        WHERE id = new.showID;
                    END;
                    """)
        }
        migrator.registerMigration("v3: an index in listing order") { db in
            // `episodes` lists newest first with exactly these terms; with the index a `--limit` reads only
            // the rows it prints instead of sorting the whole library.
            try db.execute(sql: "CREATE INDEX episode_newest ON episode (published IS NULL, published DESC, number DESC)")
        }
        migrator.registerMigration("v4: when each episode was last heard") { db in
            // `play` with nothing to play resumes the episode heard last.
            try db.execute(sql: "ALTER TABLE episode ADD COLUMN heardAt DOUBLE")
        }
        migrator.registerMigration("v5: chapters given by the feed") { db in
            try db.execute(sql: "ALTER TABLE episode ADD COLUMN chapters TEXT")
        }
        migrator.registerMigration("v6: podcast:chapters files kept for offline use") { db in
            try db.execute(sql: "ALTER TABLE episode ADD COLUMN chaptersFile TEXT")
        }
        migrator.registerMigration("v7: transcripts named by the feed, and those fetched") { db in
            try db.execute(
                sql: """
                    ALTER TABLE episode ADD COLUMN transcripts TEXT;
                    CREATE TABLE transcript (
                        episodeID INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                        url TEXT NOT NULL, format TEXT NOT NULL, language TEXT
                    );
                    CREATE TABLE transcript_cue (
                        id INTEGER PRIMARY KEY,
                        episodeID INTEGER NOT NULL REFERENCES transcript(episodeID) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        start DOUBLE, "end" DOUBLE, speaker TEXT, text TEXT NOT NULL,
                        UNIQUE (episodeID, position)
                    );
                    CREATE VIRTUAL TABLE transcript_search USING fts5 (
                        text, content='transcript_cue', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
                    );
                    CREATE TRIGGER transcript_search_insert AFTER INSERT ON transcript_cue BEGIN
                        INSERT INTO transcript_search (rowid, text) VALUES (new.id, new.text);
                    END;
                    CREATE TRIGGER transcript_search_delete AFTER DELETE ON transcript_cue BEGIN
                        INSERT INTO transcript_search (transcript_search, rowid, text) VALUES ('delete', old.id, old.text);
                    END;
                    """)
        }
        migrator.registerMigration("v8: measured loudness, and listening totals") { db in
            try db.execute(
                sql: """
                    ALTER TABLE episode ADD COLUMN loudness DOUBLE;
                    CREATE TABLE listening_total (name TEXT PRIMARY KEY, value DOUBLE NOT NULL);
                    """)
        }
        migrator.registerMigration("v9: show notes searched as they read, and removal leaving the index as it is") { db in
            // The index held the notes' HTML (`href` and `ul` found every episode, snippets showed tags); it holds
            // the text a listener reads now (podline_notes_text, see LibraryStore.notesTextFunction). It keeps
            // no copy of its text (content=''): a removed show's entries stay behind, found by no join, until
            // `LibraryStore.purgeSearchIndex` builds it again, so that removing a show re-reads none of its notes.
            try db.execute(
                sql: """
                    DROP TRIGGER episode_search_insert;
                    DROP TRIGGER episode_search_delete;
                    DROP TRIGGER episode_search_update;
                    DROP TABLE episode_search;
                    CREATE VIRTUAL TABLE episode_search USING fts5 (
                        title, notes, content='', tokenize='unicode61 remove_diacritics 2'
                    );
                    CREATE TRIGGER episode_search_insert AFTER INSERT ON episode BEGIN
                        INSERT INTO episode_search (rowid, title, notes) VALUES (new.id, new.title, podline_notes_text(new.description));
                    END;
                    CREATE TRIGGER episode_search_delete AFTER DELETE ON episode BEGIN
                        INSERT INTO episode_search (episode_search, rowid, title, notes)
                        VALUES ('delete', old.id, old.title, podline_notes_text(old.description));
                    END;
                    CREATE TRIGGER episode_search_update AFTER UPDATE OF title, description ON episode BEGIN
                        INSERT INTO episode_search (episode_search, rowid, title, notes)
                        VALUES ('delete', old.id, old.title, podline_notes_text(old.description));
                        INSERT INTO episode_search (rowid, title, notes) VALUES (new.id, new.title, podline_notes_text(new.description));
                    END;
                    """)
            try LibraryStore.rebuildSearchIndex(db)
        }
        migrator.registerMigration("v10: a removed show kept as a tombstone until its episodes are purged") { db in
            // Deleting a large show's rows and their index entries costs more than a `remove` may take (10,000
            // episodes: 3,500 pages written). `remove` marks the show instead (`removedAt`), and the next feed
            // write (`add`, `update`) deletes its episodes (`LibraryStore.purgeRemovedShows`). Every read goes
            // through these two views, so that nothing of a removed show is ever listed, found or counted.
            try db.execute(
                sql: """
                    ALTER TABLE show ADD COLUMN removedAt DATETIME;
                    CREATE VIEW live_show AS SELECT * FROM show WHERE removedAt IS NULL;
                    CREATE VIEW live_episode AS
                        SELECT * FROM episode WHERE showID NOT IN (SELECT id FROM show WHERE removedAt IS NOT NULL);
                    """)
        }
        migrator.registerMigration("v11: the other media files a feed offers for an episode") { db in
            // The view lists the table's columns as they were when it was made: made again to show the new one.
            try db.execute(
                sql: """
                    ALTER TABLE episode ADD COLUMN alternates TEXT;
                    DROP VIEW live_episode;
                    CREATE VIEW live_episode AS
                        SELECT * FROM episode WHERE showID NOT IN (SELECT id FROM show WHERE removedAt IS NOT NULL);
                    """)
        }
        migrator.registerMigration("v12: what sync must send, and how far it has read") { db in
            // Subscription changes not sent yet (the last one of each feed wins), episode actions not sent yet (in
            // the order they happened), and the cursors and facts of the last sync. Written by the library model's
            // observer in the same process that changes the library, so a crash or an unreachable server loses nothing.
            try db.execute(
                sql: """
                    CREATE TABLE sync_subscription (url TEXT PRIMARY KEY, subscribed BOOLEAN NOT NULL, at DOUBLE NOT NULL);
                    CREATE TABLE sync_action (
                        id INTEGER PRIMARY KEY AUTOINCREMENT, podcast TEXT NOT NULL, episode TEXT NOT NULL, guid TEXT,
                        action TEXT NOT NULL, timestamp DOUBLE NOT NULL, started INTEGER, position INTEGER, total INTEGER);
                    CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """)
        }
        migrator.registerMigration("v13: the results of the last find") { db in
            // Kept in the library, so that `add find/N` works from another shell and from the REPL.
            try db.execute(
                sql: "CREATE TABLE find_result (number INTEGER PRIMARY KEY, title TEXT NOT NULL, feedURL TEXT, reason TEXT)")
        }
        migrator.registerMigration("v14: the credentials of private feeds' hosts") { db in
            // By origin (host:port): sent to that host only. The library file is the user's alone (0600).
            try db.execute(sql: "CREATE TABLE feed_credential (origin TEXT PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL)")
        }
        migrator.registerMigration("v15: when each episode was played") { db in
            // Kept by triggers, so that every way an episode becomes played (the player, `mark`, sync) sets it. Episodes
            // played before this change take the time they were last heard, else the time of this change.
            try db.execute(
                sql: """
                    ALTER TABLE episode ADD COLUMN playedAt DOUBLE;
                    UPDATE episode SET playedAt = COALESCE(heardAt, \(unixNow)) WHERE isPlayed = 1;
                    CREATE TRIGGER episode_played_at AFTER UPDATE OF isPlayed ON episode
                    WHEN new.isPlayed = 1 AND old.isPlayed = 0 BEGIN
                        UPDATE episode SET playedAt = \(unixNow) WHERE id = new.id;
                    END;
                    CREATE TRIGGER episode_inserted_played AFTER INSERT ON episode WHEN new.isPlayed = 1 BEGIN
                        UPDATE episode SET playedAt = \(unixNow) WHERE id = new.id;
                    END;
                    CREATE TRIGGER episode_unplayed_at AFTER UPDATE OF isPlayed ON episode
                    WHEN new.isPlayed = 0 AND old.isPlayed = 1 BEGIN
                        UPDATE episode SET playedAt = NULL WHERE id = new.id;
                    END;
                    """)
        }
        migrator.registerMigration("v16: playlists, smart and named") { db in
            // A smart playlist keeps its query (JSON, read by the command language), a named one its episodes in order.
            try db.execute(
                sql: """
                    CREATE TABLE playlist (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        query TEXT,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE TABLE playlist_item (
                        playlistID INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
                        episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (playlistID, episodeID)
                    );
                    CREATE INDEX playlist_item_order ON playlist_item (playlistID, position);
                    """)
        }
        migrator.registerMigration("v17: the queue is the playlist named queue") { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO playlist (name, query, createdAt) VALUES (?, NULL, \(unixNow))",
                arguments: [PlaylistRecord.queueName])
        }
        migrator.registerMigration("v18: the listening log, and the forecasts of plans") { db in
            // Each stretch heard: where it went in the episode (seconds), when (wall clock), at what speed, what skipping
            // silence left out of it (seconds of the episode), and through which output.
            try db.execute(
                sql: """
                    CREATE TABLE listening (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
                        fromPosition DOUBLE NOT NULL,
                        toPosition DOUBLE NOT NULL,
                        startedAt DOUBLE NOT NULL,
                        endedAt DOUBLE NOT NULL,
                        speed DOUBLE NOT NULL,
                        silenceSkipped DOUBLE NOT NULL DEFAULT 0,
                        output TEXT
                    );
                    CREATE INDEX listening_started ON listening (startedAt);
                    CREATE INDEX listening_episode ON listening (episodeID, startedAt);
                    CREATE TABLE plan_forecast (
                        playlistID INTEGER PRIMARY KEY REFERENCES playlist(id) ON DELETE CASCADE,
                        madeAt DOUBLE NOT NULL,
                        budget DOUBLE NOT NULL
                    );
                    CREATE TABLE plan_forecast_item (
                        playlistID INTEGER NOT NULL REFERENCES plan_forecast(playlistID) ON DELETE CASCADE,
                        episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        predicted DOUBLE NOT NULL,
                        PRIMARY KEY (playlistID, episodeID)
                    );
                    """)
        }
        migrator.registerMigration("v19: bookmarks") { db in
            try db.execute(
                sql: """
                    CREATE TABLE bookmark (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
                        position DOUBLE NOT NULL,
                        note TEXT,
                        createdAt DOUBLE NOT NULL
                    );
                    CREATE INDEX bookmark_episode ON bookmark (episodeID, position);
                    """)
        }
        migrator.registerMigration("v20: the listening log's sums by day and show, and when episodes were last heard") { db in
            // Kept by triggers, so that `stats --by` reads a few hundred rows, not every stretch: each stretch's time by
            // the player's clock (heard), its episode's seconds less silence (content) and the silence left out, added to
            // the UTC day it began on and its show; and each episode's last stretch's end.
            let heard = { (row: String) in
                "MAX(0, \(row).toPosition - \(row).fromPosition - \(row).silenceSkipped) / MAX(\(row).speed, 0.01)"
            }
            let content = { (row: String) in "MAX(0, \(row).toPosition - \(row).fromPosition - \(row).silenceSkipped)" }
            let add = { (row: String) in
                """
                INSERT INTO listening_day (day, showID, heard, content, silence)
                    SELECT CAST(\(row).startedAt / 86400 AS INTEGER), showID, \(heard(row)), \(content(row)), \(row).silenceSkipped
                    FROM episode WHERE id = \(row).episodeID
                    ON CONFLICT (day, showID) DO UPDATE SET heard = heard + excluded.heard, content = content + excluded.content,
                        silence = silence + excluded.silence;
                """
            }
            let subtract = """
                UPDATE listening_day SET heard = heard - \(heard("old")), content = content - \(content("old")),
                    silence = silence - old.silenceSkipped
                WHERE day = CAST(old.startedAt / 86400 AS INTEGER) AND showID = (SELECT showID FROM episode WHERE id = old.episodeID);
                """
            let last = """
                INSERT INTO listening_last (episodeID, lastHeard) VALUES (new.episodeID, new.endedAt)
                    ON CONFLICT (episodeID) DO UPDATE SET lastHeard = MAX(lastHeard, excluded.lastHeard);
                """
            try db.execute(
                sql: """
                    CREATE TABLE listening_day (
                        day INTEGER NOT NULL,
                        showID INTEGER NOT NULL,
                        heard DOUBLE NOT NULL,
                        content DOUBLE NOT NULL,
                        silence DOUBLE NOT NULL,
                        PRIMARY KEY (day, showID)
                    ) WITHOUT ROWID;
                    CREATE TABLE listening_last (
                        episodeID INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                        lastHeard DOUBLE NOT NULL
                    );
                    CREATE INDEX episode_played_at ON episode (playedAt) WHERE playedAt IS NOT NULL;
                    CREATE TRIGGER listening_inserted AFTER INSERT ON listening BEGIN
                        \(add("new"))
                        \(last)
                    END;
                    CREATE TRIGGER listening_updated AFTER UPDATE ON listening BEGIN
                        \(subtract)
                        \(add("new"))
                        \(last)
                    END;
                    CREATE TRIGGER listening_deleted AFTER DELETE ON listening BEGIN
                        \(subtract)
                        DELETE FROM listening_last WHERE episodeID = old.episodeID
                            AND NOT EXISTS (SELECT 1 FROM listening WHERE episodeID = old.episodeID);
                        UPDATE listening_last SET lastHeard = (SELECT MAX(endedAt) FROM listening WHERE episodeID = old.episodeID)
                            WHERE episodeID = old.episodeID;
                    END;
                    INSERT INTO listening_day (day, showID, heard, content, silence)
                        SELECT CAST(listening.startedAt / 86400 AS INTEGER), episode.showID, SUM(\(heard("listening"))),
                            SUM(\(content("listening"))), SUM(listening.silenceSkipped)
                        FROM listening JOIN episode ON episode.id = listening.episodeID GROUP BY 1, 2;
                    INSERT INTO listening_last (episodeID, lastHeard) SELECT episodeID, MAX(endedAt) FROM listening GROUP BY episodeID;
                    """)
        }
        migrator.registerMigration("v21: the inserted stretches two fetches of a download showed") { db in
            // Found in the downloaded file: forgotten when the download is deleted or replaced.
            try db.execute(
                sql: """
                    CREATE TABLE inserted_comparison (
                        episodeID INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
                        comparedAt DOUBLE NOT NULL,
                        keptSeconds DOUBLE NOT NULL,
                        related BOOLEAN NOT NULL,
                        stretches TEXT NOT NULL
                    );
                    CREATE TRIGGER inserted_comparison_forgotten AFTER UPDATE OF downloadPath ON episode
                        WHEN old.downloadPath IS NOT new.downloadPath BEGIN
                        DELETE FROM inserted_comparison WHERE episodeID = old.id;
                    END;
                    """)
        }
        migrator.registerMigration("v22: people, soundbites, funding, trailers and recommended shows from feeds") { db in
            try db.execute(
                sql: """
                    ALTER TABLE episode ADD COLUMN persons TEXT;
                    ALTER TABLE episode ADD COLUMN soundbites TEXT;
                    ALTER TABLE show ADD COLUMN persons TEXT;
                    ALTER TABLE show ADD COLUMN funding TEXT;
                    ALTER TABLE show ADD COLUMN trailers TEXT;
                    ALTER TABLE show ADD COLUMN podroll TEXT;
                    UPDATE show SET etag = NULL, lastModified = NULL;
                    """)
            // The feeds are read whole at the next update (no 304 from what was kept), so that the new columns fill.
        }
        migrator.registerMigration("v23: live streams the feeds announce") { db in
            try db.execute(
                sql: """
                    ALTER TABLE show ADD COLUMN liveItems TEXT;
                    UPDATE show SET etag = NULL, lastModified = NULL;
                    """)
        }
        return migrator
    }

    /// SQL for the time now in seconds since 1970, with fractions (as `heardAt` keeps it).
    private static let unixNow = "((julianday('now') - 2440587.5) * 86400.0)"
}
