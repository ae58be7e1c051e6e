import Foundation

/// The chapters of a 200 MB MP3 with 500 CHAP frames: `podline chapters FILE --json` against mutagen reading
/// the same tag (the goal: faster than mutagen), each a fresh process; both read only the tag.
enum ChaptersBench {
    static let chapters = 500
    static let writer = """
        import sys
        from mutagen.id3 import ID3, CHAP, TIT2
        # No CTOC: one lists at most 255 children.
        tag = ID3()
        for i in range(\(chapters)):
            tag.add(CHAP(element_id="ch%d" % i, start_time=i * 26000, end_time=(i + 1) * 26000, sub_frames=[TIT2(encoding=3, text=["Chapter %d" % (i + 1)])]))
        tag.save(sys.argv[1], v2_version=4)
        """
    static let reader = "import sys; from mutagen.id3 import ID3; assert len(ID3(sys.argv[1]).getall('CHAP')) == \(chapters)"

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let python = try workspace.python()
        let inherited = ProcessInfo.processInfo.environment
        guard (try? Subprocess.run(python, ["-c", "import mutagen"], environment: inherited)) != nil else {
            report.problem("parse", "mutagen is not installed for \(python) (pip install mutagen)")
            return
        }
        let file = try chapteredFile(workspace, python: python)
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-chapters"))
        let said = try Subprocess.capture(workspace.podline, ["chapters", file, "--json"], environment: environment)
        guard said.components(separatedBy: "\"number\"").count == chapters + 1 else {
            throw BenchError("podline chapters did not list \(chapters) chapters")
        }
        let medians = try Alternation.measure(
            "chapters", runs: workspace.options.runs,
            [
                Contender(name: "podline") {
                    try Subprocess.run(workspace.podline, ["chapters", file, "--json"], environment: environment)
                },
                Contender(name: "mutagen") { try Subprocess.run(python, ["-c", reader, file], environment: inherited) },
            ])
        guard let podline = medians["podline"], let mutagen = medians["mutagen"] else { return }
        let bytes = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        report.add(
            BenchRow(
                group: "parse",
                what: String(format: "`chapters FILE --json`, %.0f MB MP3 with %d CHAP frames, wall", Double(bytes) / 1e6, chapters),
                podline: .seconds(podline.wall), cpu: .seconds(podline.cpu), anchorName: "Python mutagen `ID3(FILE)`",
                anchor: .seconds(mutagen.wall), goal: .ratio(1, "faster (< 1)"), runs: podline.runs))
    }

    /// The ten-minute tone repeated to about 200 MB, with the chapters' tag written by mutagen; made once.
    private static func chapteredFile(_ workspace: Workspace, python: String) throws -> String {
        let path = workspace.path("chapters-200mb.mp3")
        if FileManager.default.fileExists(atPath: path) { return path }
        let tone = try Data(contentsOf: URL(fileURLWithPath: try workspace.mp3(.tenMinuteTone)))
        Progress.say("chapters: writing a 200 MB MP3 with \(chapters) CHAP frames")
        FileManager.default.createFile(atPath: path + ".part", contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + ".part"))
        while (try handle.offset()) < 200_000_000 { handle.write(tone) }
        try handle.close()
        try Subprocess.run(python, ["-c", writer, path + ".part"], environment: ProcessInfo.processInfo.environment)
        try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
        return path
    }
}
