/// A map that keeps at most `capacity` values and, when full, drops the one used least recently: the
/// chapter layouts of `BookLayout`, the conversions of `RecentConversions`. A value: a copy changes
/// apart from the original (a class that shares one guards it itself).
public struct LRUCache<Key: Hashable, Value> {
    /// How many values are kept (at least 1).
    public let capacity: Int
    private var values: [Key: Value] = [:]
    /// The keys held, least recently used first.
    public private(set) var keysByRecency: [Key] = []

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many values are held.
    public var count: Int { values.count }

    /// Whether a value is held for `key`, without counting as a use.
    public func contains(_ key: Key) -> Bool { values[key] != nil }

    /// The value for `key`, which becomes the most recently used; nil when none is held.
    public mutating func value(for key: Key) -> Value? {
        guard let found = values[key] else { return nil }
        touch(key)
        return found
    }

    /// Keeps `value` for `key` as the most recently used, dropping the least recently used past `capacity`.
    public mutating func insert(_ value: Value, for key: Key) {
        if values.updateValue(value, forKey: key) == nil {
            keysByRecency.append(key)
        } else {
            touch(key)
        }
        while keysByRecency.count > capacity { values[keysByRecency.removeFirst()] = nil }
    }

    public mutating func removeAll() {
        values.removeAll()
        keysByRecency.removeAll()
    }

    /// Moves `key` to the most recently used end (the common case, a key used twice running, costs nothing).
    private mutating func touch(_ key: Key) {
        guard keysByRecency.last != key, let index = keysByRecency.lastIndex(of: key) else { return }
        keysByRecency.remove(at: index)
        keysByRecency.append(key)
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
