import PodlineApp

#if DEBUG || FUZZING
    @testable import PodlineCLI

    /// Drives the control socket's reading side: `LineSplitter` and `ControlRequest.parse`.
    ///
    /// The splitter must give the same pieces however the stream is cut into reads, and no line over its limit.
    enum SocketProbe {
        /// A small limit, so that inputs of a few hundred bytes reach the too-long path.
        static let smallLimit = 64

        static func run(_ bytes: [UInt8]) {
            var whole = LineSplitter()
            let lines = bytes.withUnsafeBytes { whole.feed($0) } + whole.finish()
            for case .line(let line) in lines { _ = ControlRequest.parse(line) }

            var unsplit = LineSplitter(limit: smallLimit)
            let expected = bytes.withUnsafeBytes { unsplit.feed($0) } + unsplit.finish()
            var cut = LineSplitter(limit: smallLimit)
            let step = Int(bytes.first ?? 0) % 16 + 1
            var pieces: [LineSplitter.Piece] = []
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let end = min(offset + step, raw.count)
                    pieces += cut.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    offset = end
                }
            }
            pieces += cut.finish()
            Finding.check(pieces == expected, "reads of \(step) bytes gave \(pieces.count) pieces, one read \(expected.count)")
            for case .line(let line) in expected {
                Finding.check(line.count <= smallLimit, "a \(line.count)-byte line passed the \(smallLimit)-byte limit")
                Finding.check(!line.contains(UInt8(ascii: "\n")), "a line holds a newline")
            }
        }
    }
#else
    import Foundation

    /// Without testable access to PodlineCLI (a plain release build) the socket parser cannot be reached.
    enum SocketProbe {
        static func run(_ bytes: [UInt8]) {
            FileHandle.standardError.write(Data("podline-fuzz: the socket target needs a debug build or -enable-testing\n".utf8))
            exit(1)
        }
    }
#endif
