import Foundation
import TestSupport

/// `find` against the stand-in of the iTunes Search API on 127.0.0.1 answering 200 results (goal: the whole process
/// within 30 ms), side by side with `curl -s URL | jq` doing the same request and taking out the same fields.
enum FindBench {
    static let results = 200

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let catalogue = workspace.path("find-catalogue.json")
        try "[]".write(toFile: catalogue, atomically: true, encoding: .utf8)
        let directory = try PythonService(script: "directory/standin.py", arguments: [catalogue, "key", "secret"])
        defer { directory.stop() }
        _ = try directory.request("/_control", body: #"{"many":\#(results)}"#)
        let home = try workspace.freshFolder("find-library")
        var environment = workspace.environment(runtime: try workspace.freshFolder("runtime-find"))
        let config = workspace.path("find-config")
        try FileManager.default.createDirectory(atPath: config + "/podline", withIntermediateDirectories: true)
        try "[directory]\nitunes_url = \"\(directory.url)\"\n".write(
            toFile: config + "/podline/config.toml", atomically: true, encoding: .utf8)
        environment["XDG_CONFIG_HOME"] = config
        guard let curl = Subprocess.which("curl"), let jq = Subprocess.which("jq") else {
            throw BenchError("curl and jq are needed (apt-get install curl jq)")
        }
        let url = "\(directory.url)/search?media=podcast&entity=podcast&term=bench&limit=\(results)&country=US"
        let pipeline =
            "\(curl) -s '\(url)' | \(jq) -r '.results[] | [.collectionName, .artistName, .trackCount, .releaseDate, .feedUrl] | @tsv'"
        Progress.say("find: \(results) results from the stand-in at \(directory.url)")
        let medians = try Alternation.measure(
            "find", runs: workspace.options.runs,
            [
                Contender(name: "podline") {
                    try Subprocess.run(
                        workspace.podline, ["find", "bench", "--limit", String(results), "--home", home], environment: environment,
                        output: "/dev/null")
                },
                Contender(name: "curl-jq") {
                    try Subprocess.run("/bin/sh", ["-c", pipeline], environment: environment, output: "/dev/null")
                },
            ])
        guard let podline = medians["podline"], let anchor = medians["curl-jq"] else { return }
        report.add(
            BenchRow(
                group: "find", what: "`find` of \(results) results from a directory stand-in on 127.0.0.1 (whole process, text output)",
                podline: .seconds(podline.wall), cpu: .seconds(podline.cpu), anchorName: "`curl -s URL | jq -r` the same fields",
                anchor: .seconds(anchor.wall), goal: .atMost(.seconds(0.03)), runs: podline.runs))
    }
}
