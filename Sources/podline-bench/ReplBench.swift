import Foundation

/// The REPL's start with a 500,000-episode library (the goal: ready to take a command within 150 ms):
/// `podline repl` reading one line, `status`, from a pipe, answering it and ending at end of input; the
/// same with an empty library is the anchor, so the ratio is what the library's size costs.
enum ReplBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let library = try workspace.largeLibrary()
        let empty = try workspace.freshFolder("empty-library")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-repl"))
        let input = workspace.path("repl-input.txt")
        try "status\n".write(toFile: input, atomically: true, encoding: .utf8)
        let answer = try Subprocess.capture(workspace.podline, ["repl", "--home", library.home], environment: environment, input: input)
        guard answer.contains("stopped") else {
            throw BenchError("the REPL answered 'status' with '\(answer.prefix(200))', not a stopped state")
        }
        let medians = try Alternation.measure(
            "repl", runs: workspace.options.runs,
            [
                Contender(name: "large") {
                    try Subprocess.run(workspace.podline, ["repl", "--home", library.home], environment: environment, input: input)
                },
                Contender(name: "empty") {
                    try Subprocess.run(workspace.podline, ["repl", "--home", empty], environment: environment, input: input)
                },
            ])
        guard let large = medians["large"], let small = medians["empty"] else { return }
        report.add(
            BenchRow(
                group: "repl", what: "REPL start, answer `status` from a pipe, exit; 500,000-episode library",
                podline: .seconds(large.wall), cpu: .seconds(large.cpu), anchorName: "same, empty library", anchor: .seconds(small.wall),
                goal: .atMost(.seconds(0.15)), runs: large.runs))
    }
}
