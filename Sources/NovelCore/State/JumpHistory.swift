/// The places jumps left, like a pager's jump list (`''` in less and vim, Ctrl-O / Ctrl-I): a jump
/// pushes the place it left; going back returns there and keeps the place it left for going forward
/// again. Kept with the book (`BookState.history`), the last `limit` places each way, as positions with
/// their snippets so that a changed file can re-anchor them like bookmarks.
public struct JumpHistory: Sendable, Equatable, Codable {
    public static let limit = 10

    /// Older places, the most recent last.
    public private(set) var back: [ReadingPosition]
    /// Places gone back from, the most recent last.
    public private(set) var forward: [ReadingPosition]

    public init(back: [ReadingPosition] = [], forward: [ReadingPosition] = []) {
        self.back = Array(back.suffix(Self.limit))
        self.forward = Array(forward.suffix(Self.limit))
    }

    public var isEmpty: Bool { back.isEmpty && forward.isEmpty }

    /// A jump left `place`: it becomes the newest place back, and the way forward is forgotten (a new
    /// branch, as in a browser). The same place twice in a row is kept once.
    public mutating func leave(_ place: ReadingPosition) {
        forward = []
        Self.push(place, onto: &back)
    }

    /// Going back from `current`: the newest place back, with `current` kept for going forward; nil
    /// when there is none.
    public mutating func goBack(from current: ReadingPosition) -> ReadingPosition? {
        Self.move(from: &back, to: &forward, current: current)
    }

    /// Going forward from `current`: the newest place gone back from, with `current` kept for going back.
    public mutating func goForward(from current: ReadingPosition) -> ReadingPosition? {
        Self.move(from: &forward, to: &back, current: current)
    }

    /// Every place with `change` applied (re-anchoring after the file changed).
    public func mapped(_ change: (ReadingPosition) -> ReadingPosition) -> JumpHistory {
        JumpHistory(back: back.map(change), forward: forward.map(change))
    }

    private static func move(
        from source: inout [ReadingPosition], to other: inout [ReadingPosition], current: ReadingPosition
    ) -> ReadingPosition? {
        // A place that is where the reader already is would make the key seem to do nothing.
        while source.last?.offset == current.offset { source.removeLast() }
        guard let place = source.popLast() else { return nil }
        push(current, onto: &other)
        return place
    }

    private static func push(_ place: ReadingPosition, onto list: inout [ReadingPosition]) {
        if list.last?.offset == place.offset { list.removeLast() }
        list.append(place)
        if list.count > limit { list.removeFirst(list.count - limit) }
    }
}
