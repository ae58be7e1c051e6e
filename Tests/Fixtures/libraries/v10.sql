-- v10: a removed show kept as a tombstone until its episodes are purged
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v10: a removed show kept as a tombstone until its episodes are purged');
INSERT INTO grdb_migrations VALUES('v1: shows and episodes');
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
, episodeCount INTEGER NOT NULL DEFAULT 0, unplayedCount INTEGER NOT NULL DEFAULT 0, downloadedCount INTEGER NOT NULL DEFAULT 0, removedAt DATETIME);
INSERT INTO show VALUES(1,'show slug 1','show feedURL 1','show title 1','show author 1','show image 1','show link 1','show description 1','show language 1','show podcastGUID 1','show etag 1','show lastModified 1','2024-01-11 10:21:00.000','show lastError 1','2024-01-11 10:21:00.000',7,8,7,8,'2024-01-11 10:21:00.000');
INSERT INTO show VALUES(2,'show slug 2','show feedURL 2','show title 2','show author 2','show image 2','show link 2','show description 2','show language 2','show podcastGUID 2','show etag 2','show lastModified 2','2024-02-12 10:22:00.000','show lastError 2','2024-02-12 10:22:00.000',14,15,15,15,'2024-02-12 10:22:00.000');
INSERT INTO show VALUES(3,'show slug 3','show feedURL 3','show title 3','show author 3','show image 3','show link 3','show description 3','show language 3','show podcastGUID 3','show etag 3','show lastModified 3','2024-03-13 10:23:00.000','show lastError 3','2024-03-13 10:23:00.000',21,22,21,22,'2024-03-13 10:23:00.000');
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
    firstSeen DATETIME NOT NULL, heardAt DOUBLE, chapters TEXT, chaptersFile TEXT, transcripts TEXT, loudness DOUBLE,
    UNIQUE (showID, guid),
    UNIQUE (showID, number)
);
INSERT INTO episode VALUES(1,1,7,'episode guid 1','episode title 1','episode link 1','episode description 1','2024-01-11 10:21:00.000',12.5,'episode enclosureURL 1',7,'episode enclosureType 1',7,7,'[]','episode transcriptURL 1','episode image 1',1,12.5,1,'episode downloadPath 1','2024-01-11 10:21:00.000',12.5,'[]','[]','[]',12.5);
INSERT INTO episode VALUES(2,2,14,'episode guid 2','episode title 2','episode link 2','episode description 2','2024-02-12 10:22:00.000',25.0,'episode enclosureURL 2',14,'episode enclosureType 2',14,14,'[]','episode transcriptURL 2','episode image 2',0,25.0,0,'episode downloadPath 2','2024-02-12 10:22:00.000',25.0,'[]','[]','[]',25.0);
INSERT INTO episode VALUES(3,3,21,'episode guid 3','episode title 3','episode link 3','episode description 3','2024-03-13 10:23:00.000',37.5,'episode enclosureURL 3',21,'episode enclosureType 3',21,21,'[]','episode transcriptURL 3','episode image 3',1,37.5,1,'episode downloadPath 3','2024-03-13 10:23:00.000',37.5,'[]','[]','[]',37.5);
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
COMMIT;
