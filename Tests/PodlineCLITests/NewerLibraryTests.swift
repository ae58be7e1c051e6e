import Foundation
import TestSupport
import Testing

/// A library written by a newer Podline (one with migrations this one does not know) is refused and left as it is.
@Suite("a newer Podline's library")
struct NewerLibraryTests {
    /// What python3's own sqlite3 reads of the library: its migrations and its schema, and the main file's bytes.
    private func snapshot(_ database: URL) throws -> (rows: String, bytes: Data) {
        let read = try CommandRunner.run(
            try #require(CommandRunner.which("python3")),
            [
                "-c",
                """
                import sqlite3,sys
                db = sqlite3.connect(sys.argv[1])
                print([r[0] for r in db.execute('select identifier from grdb_migrations order by rowid')])
                print([r[0] for r in db.execute('select sql from sqlite_master order by name')])
                """,
                database.path,
            ])
        #expect(read.status == 0, "\(read.stderr)")
        return (read.stdout, try Data(contentsOf: database))
    }

    @Test("every command that opens it says so in one line, exits 78, and nothing in the file changes")
    func refused() throws {
        let home = try Fixtures.temporaryDirectory("pl-newer-library")
        let made = try PodlineBinary.run(["shows"], home: home)
        #expect(made.status == 0, "\(made.stderr)")
        let database = home.appendingPathComponent("library.sqlite")
        let future = try CommandRunner.run(
            try #require(CommandRunner.which("python3")),
            [
                "-c",
                """
                import sqlite3,sys
                db = sqlite3.connect(sys.argv[1])
                db.execute("insert into grdb_migrations values ('v99: something this Podline does not know')")
                db.execute('create table later_thing (id integer primary key)')
                db.commit()
                db.execute('pragma wal_checkpoint(truncate)')
                """,
                database.path,
            ])
        #expect(future.status == 0, "\(future.stderr)")
        let before = try snapshot(database)
        #expect(before.rows.contains("v99"))

        for arguments in [["shows"], ["episodes", "--json"], ["stats"], ["update"], ["mark", "x/1", "played"]] {
            let result = try PodlineBinary.run(arguments, home: home)
            #expect(result.status == 78, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("newer Podline") && result.stderr.contains("v99"), "\(arguments): \(result.stderr)")
        }
        let after = try snapshot(database)
        #expect(after.rows == before.rows)
        #expect(after.bytes == before.bytes, "the library's file changed")
    }
}
