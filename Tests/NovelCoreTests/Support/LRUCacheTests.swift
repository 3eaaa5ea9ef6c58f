import Testing

@testable import NovelCore

@Suite struct LRUCacheTests {
    @Test func theLeastRecentlyUsedGoesWhenFull() {
        var cache = LRUCache<Int, String>(capacity: 2)
        cache.insert("a", for: 1)
        cache.insert("b", for: 2)
        // Using 1 makes 2 the least recently used: it goes when 3 comes.
        #expect(cache.value(for: 1) == "a")
        cache.insert("c", for: 3)
        #expect(cache.keysByRecency == [1, 3])
        #expect(cache.value(for: 2) == nil)
        #expect(cache.count == 2)
    }

    @Test func containsIsNotAUseAndReplacingIs() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.insert(1, for: "x")
        cache.insert(2, for: "y")
        #expect(cache.contains("x"))
        cache.insert(3, for: "z")
        #expect(!cache.contains("x"))
        cache.insert(20, for: "y")
        #expect(cache.keysByRecency == ["z", "y"])
        #expect(cache.value(for: "y") == 20)
        cache.removeAll()
        #expect(cache.count == 0 && cache.keysByRecency.isEmpty)
    }

    @Test func aCopyChangesApartFromTheOriginal() {
        var original = LRUCache<Int, Int>(capacity: 3)
        original.insert(10, for: 1)
        var copy = original
        copy.insert(20, for: 2)
        _ = copy.value(for: 1)
        #expect(original.keysByRecency == [1])
        #expect(copy.keysByRecency == [2, 1])
    }

    @Test func aCapacityBelowOneKeepsOne() {
        var cache = LRUCache<Int, Int>(capacity: 0)
        cache.insert(1, for: 1)
        cache.insert(2, for: 2)
        #expect(cache.capacity == 1)
        #expect(cache.keysByRecency == [2])
    }
}
