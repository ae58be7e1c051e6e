// podline-bench: every performance figure of the README, measured side by side with its anchor in one run.
//
//   swift run -c release podline-bench [--only GROUP,...] [--runs N] [--json]     (--help for the rest)
//
// It builds the static release podline (and dataflow-bench) in .build-release, generates its inputs (tone
// and speech MP3s, a 3,000-item feed, a 500,000-episode library, 200 feeds behind a loopback HTTP
// server, a private PulseAudio null sink), alternates Podline with its anchor run after run, and prints
// a Markdown table (what, Podline, anchor, ratio, goal, met) or JSON.

import Foundation

let options = BenchOptions(Array(CommandLine.arguments.dropFirst()))
let command = (["podline-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
let report = Report()
let workspace: Workspace
do {
    workspace = try Workspace(options: options)
} catch {
    Progress.say("\(error)")
    exit(1)
}
Interruption.shared.install(removing: options.work == nil ? workspace.folder.path : nil)

let groups: [BenchGroup: (Workspace, Report) throws -> Void] = [
    .decode: DecodeBench.run, .formats: FormatsBench.run, .playback: PlaybackBench.run, .seek: SeekBench.run, .live: LiveBench.run,
    .listening: ListeningBench.run, .inserted: ComparisonBench.run, .clip: ClipBench.run,
    .parse: ParseBench.run,
    .library: LibraryBench.run, .search: SearchBench.run,
    .refresh: RefreshBench.run, .sync: SyncBench.run, .find: FindBench.run,
    .status: StatusBench.run, .repl: ReplBench.run, .tui: TuiBench.run, .mpris: MPRISBench.run,
    .dataflow: DataFlowBench.run,
]
var ready = true
if options.groups.contains(where: { $0 != .dataflow }) {
    do {
        try workspace.preparePodline()
    } catch {
        report.problem("build", "\(error)")
        ready = false
    }
}
for group in options.groups where ready || group == .dataflow {
    report.sampleLoad()
    do {
        try groups[group]?(workspace, report)
    } catch {
        report.problem(group.rawValue, "\(error)")
    }
}
workspace.close()

if options.json {
    print((try? report.json(command: command, runs: options.runs)) ?? "{}")
} else {
    print(report.markdown(command: command, runs: options.runs))
}
exit(report.problems.isEmpty ? 0 : 1)
