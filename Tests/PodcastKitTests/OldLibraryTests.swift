import Foundation
import GRDB
import TestSupport
import Testing

@testable import PodcastKit

/// Every library an older Podline wrote opens in this one: a fixture for each schema version (see
/// `OldLibraryFixtures`) is migrated by the real binary with no row that carries over lost or changed, and a migration
/// killed halfway leaves a library that the next start finishes.
@Suite("every old library opens", .serialized)
struct OldLibraryTests {
    /// Columns a migration rewrites on purpose, with why.
    static let rewritten: [String: String] = [
        // v22 and v23 forget kept validators, so that every feed is read whole once and its new tags are kept.
        "show.etag": "v22, v23", "show.lastModified": "v22, v23",
    ]

    /// Every row of every table, by table, key (its primary key's values, else its rowid) and column.
    static func rows(_ db: Database) throws -> [String: [String: [String: DatabaseValue]]] {
        var all: [String: [String: [String: DatabaseValue]]] = [:]
        for table in try OldLibraryFixtures.tables(db) {
            let key = try OldLibraryFixtures.key(of: table, db)
            let named = key.isEmpty ? "rowid AS podline_key, " : ""
            var rows: [String: [String: DatabaseValue]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT \(named)* FROM \(table)") {
                var values: [String: DatabaseValue] = [:]
                for (column, value) in row where column != "podline_key" { values[column] = value }
                let id = (key.isEmpty ? ["podline_key"] : key).map { "\(row[$0] as DatabaseValue)" }.joined(separator: "|")
                rows[id] = values
            }
            all[table] = rows
        }
        return all
    }

    /// A home whose library is fixture `index`, loaded.
    static func home(_ index: Int) throws -> (home: URL, database: URL) {
        let home = try Fixtures.temporaryDirectory("pl-old-library-v\(index + 1)")
        let database = home.appendingPathComponent("library.sqlite")
        let sql = try String(contentsOf: OldLibraryFixtures.file(index), encoding: .utf8)
        let queue = try DatabaseQueue(path: database.path, configuration: OldLibraryFixtures.configuration)
        try queue.inDatabase { try $0.execute(sql: sql) }
        try queue.close()
        return (home, database)
    }

    @Test("the fixtures are what the migrations make: no migration was changed after it shipped")
    func fixturesAreCurrent() throws {
        let update = ProcessInfo.processInfo.environment["PODLINE_UPDATE_FIXTURES"] == "1"
        if update { try FileManager.default.createDirectory(at: OldLibraryFixtures.folder, withIntermediateDirectories: true) }
        for index in OldLibraryFixtures.migrations.indices {
            let made = try OldLibraryFixtures.make(upTo: index)
            if update { try made.write(to: OldLibraryFixtures.file(index), atomically: true, encoding: .utf8) }
            let file = OldLibraryFixtures.file(index)
            guard FileManager.default.fileExists(atPath: file.path) else {
                Issue.record("\(file.lastPathComponent) is missing: a new migration's fixture is made with PODLINE_UPDATE_FIXTURES=1")
                continue
            }
            let kept = try String(contentsOf: file, encoding: .utf8)
            #expect(made == kept, "\(OldLibraryFixtures.file(index).lastPathComponent) differs from what its migrations make now")
        }
    }

    @Test(
        "each version's library opens with today's binary: every migration run, integrity kept, no row lost or changed",
        arguments: OldLibraryFixtures.migrations.indices)
    func opens(index: Int) throws {
        let (home, database) = try Self.home(index)
        let before = try DatabaseQueue(path: database.path, configuration: OldLibraryFixtures.configuration).read(Self.rows)
        for command in [["shows", "--json"], ["episodes", "--json"], ["stats", "--json"], ["bookmarks", "--json"]] {
            let result = try PodlineBinary.run(command, home: home)
            #expect(result.status == 0, "v\(index + 1) \(command): \(result.stderr)")
        }
        let queue = try DatabaseQueue(path: database.path, configuration: OldLibraryFixtures.configuration)
        let after = try queue.read(Self.rows)
        let applied = try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
        #expect(Set(applied) == Set(OldLibraryFixtures.migrations))
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
        var compared = 0
        for (table, rows) in before {
            guard let now = after[table] else { continue }
            for (rowid, values) in rows {
                guard let row = now[rowid] else {
                    Issue.record("v\(index + 1): \(table) row \(rowid) is gone")
                    continue
                }
                for (column, value) in values where row[column] != nil && Self.rewritten["\(table).\(column)"] == nil {
                    compared += 1
                    #expect(row[column] == value, "v\(index + 1): \(table).\(column) of row \(rowid) was \(value), is \(row[column]!)")
                }
            }
        }
        #expect(compared > 0)
    }

    @Test("kill -9 during the migration of a version-1 library: it stays whole, and the next start finishes")
    func killedMidMigration() throws {
        var generator = SeededGenerator(seed: UInt64(ProcessInfo.processInfo.environment["PODLINE_FAULT_SEED"] ?? "") ?? 44)
        var halfway = 0
        let rounds = 8
        for round in 0..<rounds {
            let (home, database) = try Self.home(0)
            // Enough episodes that the migrations take a while to run.
            let queue = try DatabaseQueue(path: database.path, configuration: OldLibraryFixtures.configuration)
            try queue.write { db in
                let template = try #require(try Row.fetchOne(db, sql: "SELECT * FROM episode WHERE id = 1"))
                let columns = Array(template.columnNames)
                let insert =
                    "INSERT INTO episode (\(columns.joined(separator: ","))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))"
                for id in 100..<10_100 {
                    var values = Array(template.databaseValues)
                    for (position, column) in columns.enumerated() {
                        if column == "id" { values[position] = id.databaseValue }
                        if column == "guid" || column == "title" { values[position] = "episode \(id)".databaseValue }
                        if column == "number" { values[position] = id.databaseValue }
                    }
                    try db.execute(sql: insert, arguments: StatementArguments(values))
                }
            }
            try queue.close()
            let player = try BackgroundProcess.podline(["shows"], home: home)
            Thread.sleep(forTimeInterval: Double.random(in: 0.005...0.25, using: &generator))
            _ = player.killNow()
            _ = player.wait(timeout: 10)
            let after = try DatabaseQueue(path: database.path, configuration: OldLibraryFixtures.configuration)
            #expect(try after.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok", "round \(round)")
            let applied = try after.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") }
            #expect(Array(OldLibraryFixtures.migrations.prefix(applied.count)) == applied, "round \(round): \(applied)")
            if applied.count > 1 && applied.count < OldLibraryFixtures.migrations.count { halfway += 1 }
            #expect(try after.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM episode") } == 10_003)
            try after.close()
            let next = try PodlineBinary.run(["episodes", "--json"], home: home)
            #expect(next.status == 0, "round \(round): \(next.stderr)")
            #expect(next.stdout.components(separatedBy: "\"ref\"").count - 1 == 10_003, "round \(round)")
        }
        print("kill -9 during migrations: \(halfway) of \(rounds) came halfway")
        // The kills are at random moments: some must have come while migrations were under way.
        #expect(halfway >= 2, "only \(halfway) of \(rounds) kills came halfway through the migrations")
    }
}
