import Foundation

/// How long a program takes from its start to its first sound: the first non-silent 16-bit sample it writes to
/// standard output (raw PCM). The program is stopped there.
enum FirstSound {
    /// Starts `executable`, reads its standard output until a sample is not zero, stops it; the wall time and the
    /// CPU time it had used by then.
    static func measure(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessSample {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("pipe: \(String(cString: strerror(errno)))") }
        let start = DispatchTime.now().uptimeNanoseconds
        let pid: pid_t
        do {
            pid = try Subprocess.spawn(executable, arguments, environment: environment, output: "&\(ends[1])")
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        Interruption.shared.track(pid)
        close(ends[1])
        defer {
            close(ends[0])
            kill(pid, SIGKILL)
            Subprocess.wait(pid)
            Interruption.shared.forget(pid)
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var total = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw BenchError("\(executable) ended without a sound") }
            // Samples are two bytes from the start of the output: a sample's first byte is at an even offset.
            for index in 0..<got where (total + index) % 2 == 0 && index + 1 < got {
                if buffer[index] != 0 || buffer[index + 1] != 0 {
                    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    return ProcessSample(wall: wall, cpu: cpuTime(of: pid), peakRSSKilobytes: nil)
                }
            }
            total += got
        }
    }

    /// The CPU time (user + system) a running process has used, from /proc/PID/stat.
    private static func cpuTime(of pid: pid_t) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return .nan }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 (counting from 1 with pid and name).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
