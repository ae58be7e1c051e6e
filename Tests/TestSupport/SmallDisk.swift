import Foundation

/// A small tmpfs mounted on a folder, for tests of a full disk; it can be enlarged while mounted.
/// Mounting needs root (CAP_SYS_ADMIN): `SmallDisk.unavailableReason` says why it cannot be used here.
public final class SmallDisk: @unchecked Sendable {
    /// The mount point.
    public let folder: URL

    /// Mounts a tmpfs of `bytes` on `folder` (created if missing).
    public init(at folder: URL, bytes: Int) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder.path])
    }

    /// Changes the file system's size in place; its files stay.
    public func resize(bytes: Int) throws {
        try Self.mount(["-o", "remount,size=\(bytes)", folder.path])
    }

    /// Unmounts the tmpfs (lazily, should a process still hold a file there).
    public func unmount() {
        guard
            let umount = CommandRunner.which("umount")
                ?? ["/usr/bin/umount", "/bin/umount"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
        else { return }
        _ = try? CommandRunner.run(umount, ["-l", folder.path], timeout: 10)
    }

    deinit { unmount() }

    /// Why a tmpfs cannot be mounted here (not root, no CAP_SYS_ADMIN, no mount program), or nil when it can:
    /// found by mounting and unmounting a 64 kB one.
    public static let unavailableReason: String? = {
        do {
            let probe = try Fixtures.temporaryDirectory("podline-tmpfs-probe")
            defer { try? FileManager.default.removeItem(at: probe) }
            let disk = try SmallDisk(at: probe, bytes: 65_536)
            disk.unmount()
            return nil
        } catch {
            return "a tmpfs cannot be mounted here (\(error)); the full-disk test needs root or CAP_SYS_ADMIN"
        }
    }()

    private static func mount(_ arguments: [String]) throws {
        guard
            let mount = CommandRunner.which("mount")
                ?? ["/usr/bin/mount", "/bin/mount"].first(where: {
                    FileManager.default.isExecutableFile(atPath: $0)
                })
        else { throw TestSupportError("mount is not installed") }
        let result = try CommandRunner.run(mount, arguments, timeout: 10)
        guard result.status == 0 else {
            throw TestSupportError(
                "mount \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
    }
}
