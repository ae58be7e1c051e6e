import Foundation
import GRDB
import Testing

@testable import PodcastKit

/// Libraries as each version of the schema left them: `Tests/Fixtures/libraries/vNN.sql`, the SQL text of a library
/// made by running the migrations up to vNN and filling every table it then had with three rows of made-up values.
///
/// The fixtures are kept in the repository, so that a migration changed after it shipped (the libraries out there ran
/// the old one) shows up as a fixture made anew that differs from the one kept. `PODLINE_UPDATE_FIXTURES=1` writes
/// them again, to add the newest version's.
enum OldLibraryFixtures {
    /// Where they are kept.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/libraries")

    /// The migrations' names, in order.
    static var migrations: [String] { LibraryMigrations.migrator.migrations }

    /// The fixture file of the `index`th migration (from 0).
    static func file(_ index: Int) -> URL {
        folder.appendingPathComponent(String(format: "v%02d.sql", index + 1))
    }

    /// A database of the schema after migration `index`, filled; returns its SQL text, as `sqlite3 .dump` writes it
    /// but made by hand (table by table in creation order, rows by rowid) so that it is the same on every machine.
    static func make(upTo index: Int) throws -> String {
        let queue = try DatabaseQueue(configuration: configuration)
        try LibraryMigrations.migrator.migrate(queue, upTo: migrations[index])
        try queue.write { db in
            // Rows a migration made (the queue's playlist) carry the clock: made the same each time.
            for table in try tables(db) {
                for column in try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))") where (column["name"] as String).hasSuffix("At") {
                    try db.execute(sql: "UPDATE \(table) SET \"\(column["name"] as String)\" = 1700000000.0")
                }
            }
            try fill(db)
        }
        return try queue.read { db in try dump(db) }
    }

    /// As the library opens it: the SQL functions its triggers call, and foreign keys on.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            db.add(function: LibraryStore.notesTextFunction())
            db.add(function: LibraryStore.foldedFunction())
        }
        return configuration
    }

    /// The tables whose rows are the library's own: not SQLite's, GRDB's, nor a full-text index's.
    static func tables(_ db: Database) throws -> [String] {
        let all = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY rowid")
        let virtual = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL%'")
        return all.filter { name in
            !name.hasPrefix("sqlite_") && name != "grdb_migrations" && !virtual.contains { name.hasPrefix($0 + "_") }
        }
    }

    /// Three rows in every table, their values made from the column's name and type; a row the schema refuses
    /// (a check, a unique index) is tried with its optional columns empty, then left out.
    static func fill(_ db: Database) throws {
        for table in try tables(db) {
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))")
            for number in 1...3 {
                var names: [String] = []
                var values: [DatabaseValue] = []
                var optional: [Bool] = []
                for column in columns {
                    let name: String = column["name"]
                    let type = (column["type"] as String? ?? "").uppercased()
                    names.append(name)
                    values.append(value(table: table, column: name, type: type, number: number))
                    optional.append(column["notnull"] as Int == 0 && column["pk"] as Int == 0)
                }
                let insert =
                    "INSERT INTO \(table) (\(names.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES ("
                    + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
                var inserted = values
                do {
                    try db.execute(sql: insert, arguments: StatementArguments(values))
                } catch {
                    inserted = zip(values, optional).map { $1 ? DatabaseValue.null : $0 }
                    guard (try? db.execute(sql: insert, arguments: StatementArguments(inserted))) != nil else { continue }
                }
                // A trigger may have set a column from the clock (when an episode was played): set back to the made-up
                // value, so that the fixture is the same each time it is made.
                let rowid = db.lastInsertedRowID
                guard
                    try Bool.fetchOne(
                        db, sql: "SELECT 1 FROM sqlite_master WHERE name = ? AND sql LIKE '%WITHOUT ROWID%'", arguments: [table]) != true,
                    let stored = try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE rowid = ?", arguments: [rowid])
                else { continue }
                for (position, name) in names.enumerated() where stored[name] as DatabaseValue != inserted[position] {
                    try db.execute(sql: "UPDATE \(table) SET \"\(name)\" = ? WHERE rowid = ?", arguments: [inserted[position], rowid])
                }
            }
        }
    }

    /// A value for row `number` of `table.column`, by the column's name and declared type.
    static func value(table: String, column: String, type: String, number: Int) -> DatabaseValue {
        let lowered = column.lowercased()
        if lowered == "id" || lowered.hasSuffix("id") && type.contains("INT") { return number.databaseValue }
        if lowered.hasPrefix("is") || lowered.hasPrefix("has") { return (number % 2).databaseValue }
        if type.contains("INT") { return (number * 7).databaseValue }
        if type.contains("REAL") || type.contains("DOUB") { return (Double(number) * 12.5).databaseValue }
        if lowered.hasSuffix("at") || lowered.contains("date") || lowered == "day" || lowered.contains("published")
            || lowered.contains("seen") || lowered == "started" || lowered == "ended" || lowered == "made" || lowered.hasSuffix("time")
        {
            return String(format: "2024-0%d-1%d 10:2%d:00.000", number, number, number).databaseValue
        }
        if ["chapters", "transcripts", "media", "alternates", "persons", "soundbites", "funding", "trailers", "podroll", "liveitems"]
            .contains(where: { lowered.contains($0) })
        {
            return "[]".databaseValue
        }
        return "\(table) \(column) \(number)".databaseValue
    }

    /// Every table's schema and rows as SQL, in a fixed order: the tables and their rows, then the indexes, views and
    /// triggers (so that loading it fires none). A full-text index's own tables are left to it, and it is empty.
    static func dump(_ db: Database) throws -> String {
        var text = "-- \(try String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1") ?? "")\n"
        text += "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"
        let schema = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        let kept = try tables(db) + ["grdb_migrations"]
        let virtual = schema.filter { ($0["sql"] as String).hasPrefix("CREATE VIRTUAL") }.map { $0["name"] as String }
        var later = ""
        for row in schema {
            let name: String = row["name"]
            let sql: String = row["sql"]
            let isTable = row["type"] as String == "table"
            guard !name.hasPrefix("sqlite_"), !isTable || !virtual.contains(where: { name.hasPrefix($0 + "_") }) else { continue }
            guard isTable else {
                later += sql + ";\n"
                continue
            }
            text += sql + ";\n"
            guard kept.contains(name) else { continue }
            let count = try Row.fetchAll(db, sql: "PRAGMA table_info(\(name))").count
            let order = (1...count).map(String.init).joined(separator: ", ")
            for content in try Row.fetchAll(db, sql: "SELECT * FROM \(name) ORDER BY \(order)") {
                text += "INSERT INTO \(name) VALUES(\(content.databaseValues.map(literal).joined(separator: ",")));\n"
            }
        }
        return text + later + "COMMIT;\n"
    }

    /// The columns that name a row of `table`: its primary key's (a table without rowids has one), else none (the
    /// rowid).
    static func key(of table: String, _ db: Database) throws -> [String] {
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))")
        let keyed: [(Int, String)] = columns.map { ($0["pk"], $0["name"]) }
        return keyed.filter { $0.0 > 0 }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// A value as an SQL literal.
    static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}
