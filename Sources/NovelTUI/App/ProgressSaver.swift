import NovelCore

/// Debounces progress saves: page turns come quickly, the disk is written at most once per `interval`,
/// and whatever is pending is written on quit or on a signal.
struct ProgressSaver {
    var interval: Double = 1.0
    private(set) var pending: ReadingPosition?
    private(set) var lastSaved: ReadingPosition?
    private var lastWrite: Double = -.infinity

    init(interval: Double = 1.0, saved: ReadingPosition? = nil) {
        self.interval = interval
        lastSaved = saved
    }

    /// Records a new position; returns it when it should be written now.
    mutating func record(_ position: ReadingPosition, now: Double) -> ReadingPosition? {
        if let lastSaved, lastSaved.offset == position.offset, pending == nil { return nil }
        pending = position
        return now - lastWrite >= interval ? takePending(now: now) : nil
    }

    /// When the pending position is due, if there is one.
    var deadline: Double? { pending == nil ? nil : lastWrite + interval }

    /// The pending position when its time has come (or `force` on quit).
    mutating func due(now: Double, force: Bool = false) -> ReadingPosition? {
        guard pending != nil, force || now >= lastWrite + interval else { return nil }
        return takePending(now: now)
    }

    private mutating func takePending(now: Double) -> ReadingPosition? {
        let position = pending
        pending = nil
        lastWrite = now
        if let position { lastSaved = position }
        return position
    }
}
