-- v23: live streams the feeds announce
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v10: a removed show kept as a tombstone until its episodes are purged');
INSERT INTO grdb_migrations VALUES('v11: the other media files a feed offers for an episode');
INSERT INTO grdb_migrations VALUES('v12: what sync must send, and how far it has read');
INSERT INTO grdb_migrations VALUES('v13: the results of the last find');
INSERT INTO grdb_migrations VALUES('v14: the credentials of private feeds'' hosts');
INSERT INTO grdb_migrations VALUES('v15: when each episode was played');
INSERT INTO grdb_migrations VALUES('v16: playlists, smart and named');
INSERT INTO grdb_migrations VALUES('v17: the queue is the playlist named queue');
INSERT INTO grdb_migrations VALUES('v18: the listening log, and the forecasts of plans');
INSERT INTO grdb_migrations VALUES('v19: bookmarks');
INSERT INTO grdb_migrations VALUES('v1: shows and episodes');
INSERT INTO grdb_migrations VALUES('v20: the listening log''s sums by day and show, and when episodes were last heard');
INSERT INTO grdb_migrations VALUES('v21: the inserted stretches two fetches of a download showed');
INSERT INTO grdb_migrations VALUES('v22: people, soundbites, funding, trailers and recommended shows from feeds');
INSERT INTO grdb_migrations VALUES('v23: live streams the feeds announce');
INSERT INTO grdb_migrations VALUES('v2: episode counts kept on each show');
INSERT INTO grdb_migrations VALUES('v3: an index in listing order');
INSERT INTO grdb_migrations VALUES('v4: when each episode was last heard');
INSERT INTO grdb_migrations VALUES('v5: chapters given by the feed');
INSERT INTO grdb_migrations VALUES('v6: podcast:chapters files kept for offline use');
INSERT INTO grdb_migrations VALUES('v7: transcripts named by the feed, and those fetched');
INSERT INTO grdb_migrations VALUES('v8: measured loudness, and listening totals');
INSERT INTO grdb_migrations VALUES('v9: show notes searched as they read, and removal leaving the index as it is');
CREATE TABLE show (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    slug TEXT NOT NULL UNIQUE,
    feedURL TEXT NOT NULL UNIQUE,
    title TEXT, author TEXT, image TEXT, link TEXT, description TEXT, language TEXT,
    podcastGUID TEXT, etag TEXT, lastModified TEXT,
    lastUpdate DATETIME, lastError TEXT,
    addedAt DATETIME NOT NULL,
    nextNumber INTEGER NOT NULL DEFAULT 1
, episodeCount INTEGER NOT NULL DEFAULT 0, unplayedCount INTEGER NOT NULL DEFAULT 0, downloadedCount INTEGER NOT NULL DEFAULT 0, removedAt DATETIME, persons TEXT, funding TEXT, trailers TEXT, podroll TEXT, liveItems TEXT);
INSERT INTO show VALUES(1,'show slug 1','show feedURL 1','show title 1','show author 1','show image 1','show link 1','show description 1','show language 1','show podcastGUID 1','show etag 1','show lastModified 1','2024-01-11 10:21:00.000','show lastError 1','2024-01-11 10:21:00.000',7,8,7,8,'2024-01-11 10:21:00.000','[]','[]','[]','[]','[]');
INSERT INTO show VALUES(2,'show slug 2','show feedURL 2','show title 2','show author 2','show image 2','show link 2','show description 2','show language 2','show podcastGUID 2','show etag 2','show lastModified 2','2024-02-12 10:22:00.000','show lastError 2','2024-02-12 10:22:00.000',14,15,15,15,'2024-02-12 10:22:00.000','[]','[]','[]','[]','[]');
INSERT INTO show VALUES(3,'show slug 3','show feedURL 3','show title 3','show author 3','show image 3','show link 3','show description 3','show language 3','show podcastGUID 3','show etag 3','show lastModified 3','2024-03-13 10:23:00.000','show lastError 3','2024-03-13 10:23:00.000',21,22,21,22,'2024-03-13 10:23:00.000','[]','[]','[]','[]','[]');
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
    firstSeen DATETIME NOT NULL, heardAt DOUBLE, chapters TEXT, chaptersFile TEXT, transcripts TEXT, loudness DOUBLE, alternates TEXT, playedAt DOUBLE, persons TEXT, soundbites TEXT,
    UNIQUE (showID, guid),
    UNIQUE (showID, number)
);
INSERT INTO episode VALUES(1,1,7,'episode guid 1','episode title 1','episode link 1','episode description 1','2024-01-11 10:21:00.000',12.5,'episode enclosureURL 1',7,'episode enclosureType 1',7,7,'[]','episode transcriptURL 1','episode image 1',1,12.5,1,'episode downloadPath 1','2024-01-11 10:21:00.000',12.5,'[]','[]','[]',12.5,'[]',12.5,'[]','[]');
INSERT INTO episode VALUES(2,2,14,'episode guid 2','episode title 2','episode link 2','episode description 2','2024-02-12 10:22:00.000',25.0,'episode enclosureURL 2',14,'episode enclosureType 2',14,14,'[]','episode transcriptURL 2','episode image 2',0,25.0,0,'episode downloadPath 2','2024-02-12 10:22:00.000',25.0,'[]','[]','[]',25.0,'[]',25.0,'[]','[]');
INSERT INTO episode VALUES(3,3,21,'episode guid 3','episode title 3','episode link 3','episode description 3','2024-03-13 10:23:00.000',37.5,'episode enclosureURL 3',21,'episode enclosureType 3',21,21,'[]','episode transcriptURL 3','episode image 3',1,37.5,1,'episode downloadPath 3','2024-03-13 10:23:00.000',37.5,'[]','[]','[]',37.5,'[]',37.5,'[]','[]');
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO setting VALUES('setting key 1','setting value 1');
INSERT INTO setting VALUES('setting key 2','setting value 2');
INSERT INTO setting VALUES('setting key 3','setting value 3');
CREATE TABLE transcript (
    episodeID INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
    url TEXT NOT NULL, format TEXT NOT NULL, language TEXT
);
INSERT INTO transcript VALUES(1,'transcript url 1','2024-01-11 10:21:00.000','transcript language 1');
INSERT INTO transcript VALUES(2,'transcript url 2','2024-02-12 10:22:00.000','transcript language 2');
INSERT INTO transcript VALUES(3,'transcript url 3','2024-03-13 10:23:00.000','transcript language 3');
CREATE TABLE transcript_cue (
    id INTEGER PRIMARY KEY,
    episodeID INTEGER NOT NULL REFERENCES transcript(episodeID) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    start DOUBLE, "end" DOUBLE, speaker TEXT, text TEXT NOT NULL,
    UNIQUE (episodeID, position)
);
INSERT INTO transcript_cue VALUES(1,1,7,12.5,12.5,'transcript_cue speaker 1','transcript_cue text 1');
INSERT INTO transcript_cue VALUES(2,2,14,25.0,25.0,'transcript_cue speaker 2','transcript_cue text 2');
INSERT INTO transcript_cue VALUES(3,3,21,37.5,37.5,'transcript_cue speaker 3','transcript_cue text 3');
CREATE VIRTUAL TABLE transcript_search USING fts5 (
    text, content='transcript_cue', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
CREATE TABLE listening_total (name TEXT PRIMARY KEY, value DOUBLE NOT NULL);
INSERT INTO listening_total VALUES('listening_total name 1',12.5);
INSERT INTO listening_total VALUES('listening_total name 2',25.0);
INSERT INTO listening_total VALUES('listening_total name 3',37.5);
CREATE VIRTUAL TABLE episode_search USING fts5 (
    title, notes, content='', tokenize='unicode61 remove_diacritics 2'
);
CREATE TABLE sync_subscription (url TEXT PRIMARY KEY, subscribed BOOLEAN NOT NULL, at DOUBLE NOT NULL);
INSERT INTO sync_subscription VALUES('sync_subscription url 1','sync_subscription subscribed 1',12.5);
INSERT INTO sync_subscription VALUES('sync_subscription url 2','sync_subscription subscribed 2',25.0);
INSERT INTO sync_subscription VALUES('sync_subscription url 3','sync_subscription subscribed 3',37.5);
CREATE TABLE sync_action (
    id INTEGER PRIMARY KEY AUTOINCREMENT, podcast TEXT NOT NULL, episode TEXT NOT NULL, guid TEXT,
    action TEXT NOT NULL, timestamp DOUBLE NOT NULL, started INTEGER, position INTEGER, total INTEGER);
INSERT INTO sync_action VALUES(1,'sync_action podcast 1','sync_action episode 1','sync_action guid 1','sync_action action 1',12.5,7,7,7);
INSERT INTO sync_action VALUES(2,'sync_action podcast 2','sync_action episode 2','sync_action guid 2','sync_action action 2',25.0,14,14,14);
INSERT INTO sync_action VALUES(3,'sync_action podcast 3','sync_action episode 3','sync_action guid 3','sync_action action 3',37.5,21,21,21);
CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO sync_state VALUES('sync_state key 1','sync_state value 1');
INSERT INTO sync_state VALUES('sync_state key 2','sync_state value 2');
INSERT INTO sync_state VALUES('sync_state key 3','sync_state value 3');
CREATE TABLE find_result (number INTEGER PRIMARY KEY, title TEXT NOT NULL, feedURL TEXT, reason TEXT);
INSERT INTO find_result VALUES(7,'find_result title 1','find_result feedURL 1','find_result reason 1');
INSERT INTO find_result VALUES(14,'find_result title 2','find_result feedURL 2','find_result reason 2');
INSERT INTO find_result VALUES(21,'find_result title 3','find_result feedURL 3','find_result reason 3');
CREATE TABLE feed_credential (origin TEXT PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL);
INSERT INTO feed_credential VALUES('feed_credential origin 1','feed_credential username 1','feed_credential password 1');
INSERT INTO feed_credential VALUES('feed_credential origin 2','feed_credential username 2','feed_credential password 2');
INSERT INTO feed_credential VALUES('feed_credential origin 3','feed_credential username 3','feed_credential password 3');
CREATE TABLE playlist (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    query TEXT,
    createdAt DOUBLE NOT NULL
);
INSERT INTO playlist VALUES(1,'queue',NULL,1700000000.0);
INSERT INTO playlist VALUES(2,'playlist name 2','playlist query 2',25.0);
INSERT INTO playlist VALUES(3,'playlist name 3','playlist query 3',37.5);
CREATE TABLE playlist_item (
    playlistID INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
    episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (playlistID, episodeID)
);
INSERT INTO playlist_item VALUES(1,1,7);
INSERT INTO playlist_item VALUES(2,2,14);
INSERT INTO playlist_item VALUES(3,3,21);
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
INSERT INTO listening VALUES(1,1,12.5,12.5,12.5,12.5,12.5,12.5,'listening output 1');
INSERT INTO listening VALUES(2,2,25.0,25.0,25.0,25.0,25.0,25.0,'listening output 2');
INSERT INTO listening VALUES(3,3,37.5,37.5,37.5,37.5,37.5,37.5,'listening output 3');
CREATE TABLE plan_forecast (
    playlistID INTEGER PRIMARY KEY REFERENCES playlist(id) ON DELETE CASCADE,
    madeAt DOUBLE NOT NULL,
    budget DOUBLE NOT NULL
);
INSERT INTO plan_forecast VALUES(1,12.5,12.5);
INSERT INTO plan_forecast VALUES(2,25.0,25.0);
INSERT INTO plan_forecast VALUES(3,37.5,37.5);
CREATE TABLE plan_forecast_item (
    playlistID INTEGER NOT NULL REFERENCES plan_forecast(playlistID) ON DELETE CASCADE,
    episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    predicted DOUBLE NOT NULL,
    PRIMARY KEY (playlistID, episodeID)
);
INSERT INTO plan_forecast_item VALUES(1,1,7,12.5);
INSERT INTO plan_forecast_item VALUES(2,2,14,25.0);
INSERT INTO plan_forecast_item VALUES(3,3,21,37.5);
CREATE TABLE bookmark (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    episodeID INTEGER NOT NULL REFERENCES episode(id) ON DELETE CASCADE,
    position DOUBLE NOT NULL,
    note TEXT,
    createdAt DOUBLE NOT NULL
);
INSERT INTO bookmark VALUES(1,1,12.5,'bookmark note 1',12.5);
INSERT INTO bookmark VALUES(2,2,25.0,'bookmark note 2',25.0);
INSERT INTO bookmark VALUES(3,3,37.5,'bookmark note 3',37.5);
CREATE TABLE listening_day (
    day INTEGER NOT NULL,
    showID INTEGER NOT NULL,
    heard DOUBLE NOT NULL,
    content DOUBLE NOT NULL,
    silence DOUBLE NOT NULL,
    PRIMARY KEY (day, showID)
) WITHOUT ROWID;
INSERT INTO listening_day VALUES(0,1,0.0,0.0,12.5);
INSERT INTO listening_day VALUES(0,2,0.0,0.0,25.0);
INSERT INTO listening_day VALUES(0,3,0.0,0.0,37.5);
INSERT INTO listening_day VALUES(7,1,12.5,12.5,12.5);
INSERT INTO listening_day VALUES(14,2,25.0,25.0,25.0);
INSERT INTO listening_day VALUES(21,3,37.5,37.5,37.5);
CREATE TABLE listening_last (
    episodeID INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
    lastHeard DOUBLE NOT NULL
);
INSERT INTO listening_last VALUES(1,12.5);
INSERT INTO listening_last VALUES(2,25.0);
INSERT INTO listening_last VALUES(3,37.5);
CREATE TABLE inserted_comparison (
    episodeID INTEGER PRIMARY KEY REFERENCES episode(id) ON DELETE CASCADE,
    comparedAt DOUBLE NOT NULL,
    keptSeconds DOUBLE NOT NULL,
    related BOOLEAN NOT NULL,
    stretches TEXT NOT NULL
);
INSERT INTO inserted_comparison VALUES(1,12.5,12.5,'inserted_comparison related 1','inserted_comparison stretches 1');
INSERT INTO inserted_comparison VALUES(2,25.0,25.0,'inserted_comparison related 2','inserted_comparison stretches 2');
INSERT INTO inserted_comparison VALUES(3,37.5,37.5,'inserted_comparison related 3','inserted_comparison stretches 3');
CREATE INDEX episode_by_date ON episode (published);
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
CREATE INDEX episode_newest ON episode (published IS NULL, published DESC, number DESC);
CREATE TRIGGER transcript_search_insert AFTER INSERT ON transcript_cue BEGIN
    INSERT INTO transcript_search (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER transcript_search_delete AFTER DELETE ON transcript_cue BEGIN
    INSERT INTO transcript_search (transcript_search, rowid, text) VALUES ('delete', old.id, old.text);
END;
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
CREATE VIEW live_show AS SELECT * FROM show WHERE removedAt IS NULL;
CREATE VIEW live_episode AS
    SELECT * FROM episode WHERE showID NOT IN (SELECT id FROM show WHERE removedAt IS NOT NULL);
CREATE TRIGGER episode_played_at AFTER UPDATE OF isPlayed ON episode
WHEN new.isPlayed = 1 AND old.isPlayed = 0 BEGIN
    UPDATE episode SET playedAt = ((julianday('now') - 2440587.5) * 86400.0) WHERE id = new.id;
END;
CREATE TRIGGER episode_inserted_played AFTER INSERT ON episode WHEN new.isPlayed = 1 BEGIN
    UPDATE episode SET playedAt = ((julianday('now') - 2440587.5) * 86400.0) WHERE id = new.id;
END;
CREATE TRIGGER episode_unplayed_at AFTER UPDATE OF isPlayed ON episode
WHEN new.isPlayed = 0 AND old.isPlayed = 1 BEGIN
    UPDATE episode SET playedAt = NULL WHERE id = new.id;
END;
CREATE INDEX playlist_item_order ON playlist_item (playlistID, position);
CREATE INDEX listening_started ON listening (startedAt);
CREATE INDEX listening_episode ON listening (episodeID, startedAt);
CREATE INDEX bookmark_episode ON bookmark (episodeID, position);
CREATE INDEX episode_played_at ON episode (playedAt) WHERE playedAt IS NOT NULL;
CREATE TRIGGER listening_inserted AFTER INSERT ON listening BEGIN
    INSERT INTO listening_day (day, showID, heard, content, silence)
    SELECT CAST(new.startedAt / 86400 AS INTEGER), showID, MAX(0, new.toPosition - new.fromPosition - new.silenceSkipped) / MAX(new.speed, 0.01), MAX(0, new.toPosition - new.fromPosition - new.silenceSkipped), new.silenceSkipped
    FROM episode WHERE id = new.episodeID
    ON CONFLICT (day, showID) DO UPDATE SET heard = heard + excluded.heard, content = content + excluded.content,
        silence = silence + excluded.silence;
    INSERT INTO listening_last (episodeID, lastHeard) VALUES (new.episodeID, new.endedAt)
    ON CONFLICT (episodeID) DO UPDATE SET lastHeard = MAX(lastHeard, excluded.lastHeard);
END;
CREATE TRIGGER listening_updated AFTER UPDATE ON listening BEGIN
    UPDATE listening_day SET heard = heard - MAX(0, old.toPosition - old.fromPosition - old.silenceSkipped) / MAX(old.speed, 0.01), content = content - MAX(0, old.toPosition - old.fromPosition - old.silenceSkipped),
    silence = silence - old.silenceSkipped
WHERE day = CAST(old.startedAt / 86400 AS INTEGER) AND showID = (SELECT showID FROM episode WHERE id = old.episodeID);
    INSERT INTO listening_day (day, showID, heard, content, silence)
    SELECT CAST(new.startedAt / 86400 AS INTEGER), showID, MAX(0, new.toPosition - new.fromPosition - new.silenceSkipped) / MAX(new.speed, 0.01), MAX(0, new.toPosition - new.fromPosition - new.silenceSkipped), new.silenceSkipped
    FROM episode WHERE id = new.episodeID
    ON CONFLICT (day, showID) DO UPDATE SET heard = heard + excluded.heard, content = content + excluded.content,
        silence = silence + excluded.silence;
    INSERT INTO listening_last (episodeID, lastHeard) VALUES (new.episodeID, new.endedAt)
    ON CONFLICT (episodeID) DO UPDATE SET lastHeard = MAX(lastHeard, excluded.lastHeard);
END;
CREATE TRIGGER listening_deleted AFTER DELETE ON listening BEGIN
    UPDATE listening_day SET heard = heard - MAX(0, old.toPosition - old.fromPosition - old.silenceSkipped) / MAX(old.speed, 0.01), content = content - MAX(0, old.toPosition - old.fromPosition - old.silenceSkipped),
    silence = silence - old.silenceSkipped
WHERE day = CAST(old.startedAt / 86400 AS INTEGER) AND showID = (SELECT showID FROM episode WHERE id = old.episodeID);
    DELETE FROM listening_last WHERE episodeID = old.episodeID
        AND NOT EXISTS (SELECT 1 FROM listening WHERE episodeID = old.episodeID);
    UPDATE listening_last SET lastHeard = (SELECT MAX(endedAt) FROM listening WHERE episodeID = old.episodeID)
        WHERE episodeID = old.episodeID;
END;
CREATE TRIGGER inserted_comparison_forgotten AFTER UPDATE OF downloadPath ON episode
    WHEN old.downloadPath IS NOT new.downloadPath BEGIN
    DELETE FROM inserted_comparison WHERE episodeID = old.id;
END;
COMMIT;
