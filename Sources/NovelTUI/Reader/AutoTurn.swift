import NovelCore

/// Auto page turn (自动翻页): one step — a page, or a line — every `interval` seconds of the host's
/// clock. A reader holds one while it runs; the app loop wakes it at `deadline` and the reader takes
/// the step in `tick`. Nothing here knows what a page is, so a one-line reader can run it at a line pace.
public struct AutoTurn: Sendable, Equatable {
    /// What one step moves, which also says which setting holds the pace.
    public enum Unit: Sendable, Equatable {
        case page, line

        /// The setting that keeps this unit's pace: seconds per page, or per line.
        public var paceKey: SettingsKey { self == .page ? .autoPageSeconds : .autoLineSeconds }
    }

    public let unit: Unit
    /// Seconds per step.
    public private(set) var interval: Double
    /// When the next step is due (the clock's seconds).
    public private(set) var deadline: Double

    /// Starts with the pace `settings` keep for `unit`; the first step comes one interval from `now`.
    public init(unit: Unit, settings: Settings, now: Double) {
        self.unit = unit
        interval = Self.interval(unit, settings)
        deadline = now + interval
    }

    /// The pace `settings` keep for `unit`, in seconds per step (clamped to the key's range).
    public static func interval(_ unit: Unit, _ settings: Settings) -> Double {
        guard case .number(let range, let get, _) = unit.paceKey.field else { return 1 }
        return range.clamped(get(settings))
    }

    /// Whether a step is due at `now`; if so the next one is scheduled. On time, the rhythm is kept
    /// (the next step is one interval after this one was due); a host that woke late (a suspended
    /// terminal) takes one step, not a burst of catch-up steps.
    public mutating func takeStep(now: Double) -> Bool {
        guard now >= deadline else { return false }
        deadline = now - deadline < interval ? deadline + interval : now + interval
        return true
    }

    /// `settings` with the pace one step faster (`faster`) or slower, within the key's range: fewer or
    /// more seconds per step.
    public func paced(_ settings: Settings, faster: Bool) -> Settings {
        unit.paceKey.stepped(settings, by: faster ? -1 : 1)
    }

    /// Takes the pace of `settings` from `now` on: the next step is one new interval away.
    public mutating func repace(_ settings: Settings, now: Double) {
        interval = Self.interval(unit, settings)
        deadline = now + interval
    }

    /// The status bar's word for it, e.g. "auto 20s/page" or "auto 1.5s/line".
    public var label: String {
        let seconds = interval == interval.rounded() ? String(Int(interval)) : String(interval)
        return "auto \(seconds)s/\(unit == .page ? "page" : "line")"
    }
}
