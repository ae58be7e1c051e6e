import Foundation

/// A measured amount and its unit.
struct Quantity: Encodable {
    /// The units the benchmark reports in.
    enum Unit: String, Encodable {
        case seconds, instructions, kilobytes, microseconds, bytes, count
    }

    var value: Double
    var unit: Unit

    static func seconds(_ value: Double) -> Quantity { Quantity(value: value, unit: .seconds) }
    static func instructions(_ value: Double) -> Quantity { Quantity(value: value, unit: .instructions) }
    static func kilobytes(_ value: Double) -> Quantity { Quantity(value: value, unit: .kilobytes) }
    static func microseconds(_ value: Double) -> Quantity { Quantity(value: value, unit: .microseconds) }
    static func bytes(_ value: Double) -> Quantity { Quantity(value: value, unit: .bytes) }
    static func count(_ value: Double) -> Quantity { Quantity(value: value, unit: .count) }

    /// The amount as a person reads it: `25.1 ms`, `1.23 s`, `2,924 M`, `27.5 MB`, `2.30 µs`.
    var text: String {
        switch unit {
        case .seconds:
            if value >= 1 { return String(format: "%.2f s", value) }
            return String(format: value < 0.01 ? "%.2f ms" : "%.1f ms", value * 1000)
        case .instructions:
            let millions = Int((value / 1e6).rounded())
            return "\(Quantity.grouped(millions)) M"
        case .kilobytes:
            return String(format: "%.1f MB", value / 1024)
        case .microseconds:
            return String(format: "%.2f µs", value)
        case .bytes:
            return "\(Quantity.grouped(Int(value.rounded()))) bytes"
        case .count:
            return Quantity.grouped(Int(value.rounded()))
        }
    }

    /// A round limit as a person writes it: `3 s`, `100 ms`, `5 µs`, `25 MB`.
    var roundText: String {
        switch unit {
        case .seconds: value >= 1 ? String(format: "%g s", value) : String(format: "%g ms", value * 1000)
        case .instructions: "\(Quantity.grouped(Int((value / 1e6).rounded()))) M"
        case .kilobytes: String(format: "%g MB", value / 1024)
        case .microseconds: String(format: "%g µs", value)
        case .bytes: "\(Quantity.grouped(Int(value.rounded()))) bytes"
        case .count: Quantity.grouped(Int(value.rounded()))
        }
    }

    /// A whole number with commas between groups of three digits.
    static func grouped(_ number: Int) -> String {
        var digits = ""
        for (index, digit) in String(number).reversed().enumerated() {
            if index > 0 && index % 3 == 0 { digits.append(",") }
            digits.append(digit)
        }
        return String(digits.reversed())
    }

    private enum CodingKeys: String, CodingKey { case value, unit, text }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(text, forKey: .text)
    }
}

/// What a row must reach: a ratio to its anchor, an absolute amount, or nothing (reported only).
struct Goal: Encodable {
    /// How the goal is checked.
    enum Kind: String, Encodable {
        case ratioAtMost = "ratio-at-most"
        case atMost = "at-most"
        case report
    }

    var kind: Kind
    /// The greatest ratio, or the greatest amount in the row's unit.
    var limit: Double?
    var text: String

    /// Podline ÷ anchor must be at most `limit`; `text` overrides the plain `≤ limit`.
    static func ratio(_ limit: Double, _ text: String? = nil) -> Goal {
        Goal(kind: .ratioAtMost, limit: limit, text: text ?? "≤ \(String(format: "%g", limit))")
    }

    /// Podline's figure must be at most `limit`.
    static func atMost(_ limit: Quantity, _ text: String? = nil) -> Goal {
        Goal(kind: .atMost, limit: limit.value, text: text ?? "≤ \(limit.roundText)")
    }

    /// No goal: the figure is reported.
    static let report = Goal(kind: .report, limit: nil, text: "report")
}

/// One line of the report: what was measured, Podline's figure, the anchor's, their ratio, the goal and
/// whether it was met.
struct BenchRow: Encodable {
    var group: String
    var what: String
    var podline: Quantity
    /// For a wall-time figure, the same runs' CPU time (user + system), which other load disturbs less.
    var podlineCPU: Quantity?
    var anchorName: String?
    var anchor: Quantity?
    /// Podline ÷ anchor.
    var ratio: Double?
    var goal: Goal
    /// Nil when the row has no goal.
    var met: Bool?
    /// How many measured runs each figure is the median of (1 for deterministic counts).
    var runs: Int

    init(
        group: String, what: String, podline: Quantity, cpu: Quantity? = nil, anchorName: String? = nil, anchor: Quantity? = nil,
        goal: Goal, runs: Int
    ) {
        self.group = group
        self.what = what
        self.podline = podline
        podlineCPU = cpu
        self.anchorName = anchorName
        self.anchor = anchor
        self.goal = goal
        self.runs = runs
        if let anchor, anchor.value > 0 { ratio = podline.value / anchor.value }
        switch goal.kind {
        case .ratioAtMost: met = ratio.map { $0 <= goal.limit ?? 0 }
        case .atMost: met = podline.value <= goal.limit ?? 0
        case .report: met = nil
        }
    }

    /// The ratio as a person reads it (three decimals near the usual goals, so that 1.054 does not read as
    /// 1.05); below 0.5 it also says how many times faster Podline is.
    var ratioText: String {
        guard let ratio else { return "" }
        if ratio < 0.5 { return String(format: "%.3f (%.0f× faster)", ratio, 1 / ratio) }
        return String(format: ratio < 2 ? "%.3f" : "%.2f", ratio)
    }

    /// The Podline cell: its figure, and the CPU time beside a wall time.
    var podlineText: String {
        podlineCPU.map { "\(podline.text) (CPU \($0.text))" } ?? podline.text
    }

    /// The anchor cell: its name and figure.
    var anchorText: String {
        guard let anchorName else { return "" }
        return anchor.map { "\(anchorName) \($0.text)" } ?? anchorName
    }

    /// `yes`, `no`, or empty when there is no goal.
    var metText: String {
        met.map { $0 ? "yes" : "no" } ?? ""
    }
}
