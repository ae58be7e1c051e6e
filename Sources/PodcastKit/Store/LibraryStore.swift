import Foundation
import GRDB

/// The library on disk: shows and episodes in SQLite (WAL, busy timeout, one transaction per change).
public final class LibraryStore: Sendable {
    public let paths: LibraryPaths
    let pool: DatabasePool
    /// The read-only connection of the version check, closed with the store: closing a connection has libdispatch
    /// dispose of its queue on a worker of the global pool, and the pool's first worker arms a monitor that wakes the
    /// process every second for the rest of its life (a full-screen view left open for hours included).
    private let versionCheck: DatabaseQueue?

    /// How long a writer waits for another process's transaction before failing.
    public static let busyTimeout: TimeInterval = 15

    /// Opens (creating if needed) the library at `paths`, bringing its schema up to date.
    public init(paths: LibraryPaths) throws(StoreError) {
        self.paths = paths
        do {
            try FileManager.default.createDirectory(at: paths.root, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.busyTimeout)
            configuration.foreignKeysEnabled = true
            // The search index's triggers read show notes through one; names are compared folded through the other.
            configuration.prepareDatabase { db in
                db.add(function: Self.notesTextFunction())
                db.add(function: Self.foldedFunction())
            }
            // The file may hold private feeds' passwords: the user's alone, and so its journal files, which SQLite
            // makes with the database's permissions.
            if !FileManager.default.fileExists(atPath: paths.database.path) {
                FileManager.default.createFile(atPath: paths.database.path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            chmod(paths.database.path, 0o600)
            let migrator = LibraryMigrations.migrator
            versionCheck = try Self.refuseNewer(paths.database.path, migrator: migrator)
            pool = try DatabasePool(path: paths.database.path, configuration: configuration)
            try migrator.migrate(pool)
            for (origin, credential) in try pool.read(Self.credentials) { FeedCredentials.shared.set(credential, for: origin) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database("cannot open the library \(paths.database.path): \(Self.reason(error))")
        }
    }

    /// Refuses a library written by a newer Podline (migrations `migrator` does not know), reading it on a read-only
    /// connection: a pool's opening writes (it makes the WAL files), and migrating would mark it as this version's.
    /// Returns the connection (nil for a new, empty file).
    private static func refuseNewer(_ path: String, migrator: DatabaseMigrator) throws -> DatabaseQueue? {
        guard let size = OutputFile.size(of: path), size > 0 else { return nil }
        var readOnly = Configuration()
        readOnly.readonly = true
        // Another process's checkpoint or recovery may hold the file a moment: wait for it, as writers do.
        readOnly.busyMode = .timeout(busyTimeout)
        let connection = try DatabaseQueue(path: path, configuration: readOnly)
        let unknown = try connection.read { db in
            try migrator.hasBeenSuperseded(db) ? migrator.appliedIdentifiers(db).subtracting(migrator.migrations) : []
        }
        if let newest = unknown.sorted().last {
            throw StoreError.newer(
                "\(path) was written by a newer Podline (its schema has \"\(newest)\"): this one leaves it as it is; "
                    + "run the newer Podline")
        }
        return connection
    }

    /// Runs `body` in one write transaction, turning GRDB's errors into `StoreError`.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database("cannot write the library \(paths.database.path): \(Self.reason(error))")
        }
    }

    /// Runs `body` on a read snapshot.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database("cannot read the library \(paths.database.path): \(Self.reason(error))")
        }
    }

    /// SQLite's own message for `error`.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// `PRAGMA integrity_check`'s answer (`ok` when the file is sound).
    public func integrityCheck() throws(StoreError) -> String {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }
}
