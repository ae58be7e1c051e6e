// swift-tools-version: 6.0
// Podline: GPL-3.0-or-later (see LICENSE). It links libao and FFmpeg's libraries (GPL-2.0-or-later in Debian).
import PackageDescription

let package = Package(
    name: "Podline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "podline", targets: ["podline"]),
        .library(name: "DataFlow", targets: ["DataFlow"]),
        .library(name: "AudioEngine", targets: ["AudioEngine"]),
        .library(name: "PodcastKit", targets: ["PodcastKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(name: "Cmpg123"),
        .systemLibrary(name: "Cao"),
        .systemLibrary(name: "Cpulse"),
        .systemLibrary(name: "Cedit"),
        .systemLibrary(name: "Csdbus"),
        .systemLibrary(name: "Cebur128"),
        // libsonic (Debian's libsonic-dev) is linked by the stretcher comparison only, never by podline.
        .systemLibrary(name: "Csonic"),
        // libmpg123, libao, libpulse, libedit, libxml2, libsystemd and libebur128 (Debian's -dev packages) are loaded with dlopen
        // on first use, not linked: their headers only are read at build time.
        .target(
            name: "CLazyLibraries",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // The full-screen view's renderer: a cell buffer (display widths of CJK, emoji, combining marks) and the bytes
        // that turn one frame into the next.
        .target(name: "TerminalCanvas"),
        // DataFlow lays its views out in terminal cells and draws them into TerminalCanvas's buffer.
        .target(
            name: "DataFlow",
            dependencies: ["TerminalCanvas", .product(name: "OpenCombine", package: "OpenCombine")],
            // The graph's state is the main actor's, one access at a time by construction; debug builds keep checking
            // exclusive access at run time, release builds leave it out of every write and update (a tenth of their cost).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        .target(
            name: "AudioEngine",
            dependencies: [
                "CLazyLibraries", "Cmpg123", "Cao", "Cpulse", "Cebur128",
                // MD5 for a FLAC clip's STREAMINFO.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "PodcastKit",
            dependencies: [
                "DataFlow", "CLazyLibraries",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // SHA-1 for the Podcast Index API's request signature (swift-crypto is already a dependency of HTTP).
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The player runtime: the Player model's coordinator, engine client, journal, stream input and settings, for
        // every front end.
        .target(
            name: "Playback",
            dependencies: [
                "AudioEngine", "DataFlow", "PodcastKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The app's core: the command language (table, parser, executor), typed results, the library tasks,
        // configuration, the control socket and the events; every front end renders what it returns.
        .target(
            name: "PodlineApp",
            dependencies: [
                "AudioEngine", "DataFlow", "PodcastKit", "Playback", "CLazyLibraries", "TerminalCanvas",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The front ends: the shell, the REPL, the full-screen view and the desktop's media controls.
        .target(
            name: "PodlineCLI",
            dependencies: [
                "PodlineApp", "AudioEngine", "DataFlow", "PodcastKit", "Playback", "CLazyLibraries", "Cedit", "Csdbus",
                "TerminalCanvas",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Every release build of the binary exports no dynamic symbols and has no PIE relocations: it
        // starts faster and keeps less resident (with --static-swift-stdlib, as the README builds it).
        .executableTarget(
            name: "podline", dependencies: ["PodlineCLI"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic", "-Xlinker", "--no-pie"], .when(configuration: .release))]
        ),
        .executableTarget(name: "dataflow-bench", dependencies: ["DataFlow", "Playback"]),
        .executableTarget(name: "podline-bench", dependencies: ["TestSupport"]),
        .executableTarget(name: "stretch-bench", dependencies: ["AudioEngine", "Csonic"]),
        .executableTarget(name: "podline-fuzz", dependencies: ["PodcastKit", "PodlineApp", "PodlineCLI"]),
        .target(name: "TestSupport", dependencies: ["TerminalCanvas"], path: "Tests/TestSupport"),
        .testTarget(name: "DataFlowTests", dependencies: ["DataFlow", "TerminalCanvas", "TestSupport"]),
        .testTarget(name: "TerminalCanvasTests", dependencies: ["TerminalCanvas", "TestSupport"]),
        .testTarget(name: "AudioEngineTests", dependencies: ["AudioEngine", "CLazyLibraries", "TestSupport"]),
        .testTarget(name: "PodcastKitTests", dependencies: ["PodcastKit", "TestSupport"]),
        .testTarget(
            name: "PodlineCLITests",
            dependencies: [
                "PodlineCLI", "PodlineApp", "Playback", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
