import NovelCore
import Testing

@Suite struct TextSearchTests {
    let text = Array("Alpha beta 第一章 gamma BETA 青灯 beta.".utf8)

    /// All starts of `needle` found by a naive scan, for comparison.
    func naive(_ needle: String, _ text: [UInt8]) -> [Int] {
        let pattern = Array(needle.lowercased().utf8)
        let lowered = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard pattern.count <= lowered.count else { return [] }
        return (0...(lowered.count - pattern.count)).filter { Array(lowered[$0..<$0 + pattern.count]) == pattern }
    }

    @Test(arguments: ["beta", "BETA", "第一章", "青灯", "a", "zz", "beta.", "gamma BETA 青", "Alpha"])
    func forwardFindsEveryMatchInOrder(query: String) {
        let search = TextSearch(query)
        var found: [Int] = []
        var offset = 0
        while let match = search.find(in: text, from: offset, direction: .forward, wrap: false) {
            found.append(match.range.lowerBound)
            #expect(match.range.count == query.utf8.count)
            offset = match.range.lowerBound + 1
        }
        #expect(found == naive(query, text))
    }

    @Test(arguments: ["beta", "青灯", "a", "BETA 青灯", "Alpha"])
    func backwardFindsEveryMatchInReverse(query: String) {
        let search = TextSearch(query)
        var found: [Int] = []
        var offset = text.count
        while let match = search.find(in: text, from: offset, direction: .backward, wrap: false) {
            found.append(match.range.lowerBound)
            offset = match.range.lowerBound
        }
        #expect(found == naive(query, text).reversed())
    }

    @Test func wrapsAroundAndSaysSo() throws {
        let search = TextSearch("alpha")
        let forward = try #require(search.find(in: text, from: 3, direction: .forward))
        #expect(forward.range == 0..<5)
        #expect(forward.wrapped)
        #expect(search.find(in: text, from: 3, direction: .forward, wrap: false) == nil)
        let backward = try #require(TextSearch("beta.").find(in: text, from: 2, direction: .backward))
        #expect(backward.wrapped)
        #expect(backward.range.upperBound == text.count)
    }

    @Test func matchesOnScreenIncludeThoseCrossingTheEdges() {
        let search = TextSearch("beta")
        let all = naive("beta", text)
        #expect(search.matches(in: text, overlapping: 0..<text.count).map(\.lowerBound) == all)
        // A range that starts inside the first "beta" still reports it.
        #expect(search.matches(in: text, overlapping: all[0] + 2..<all[0] + 3).map(\.lowerBound) == [all[0]])
    }

    @Test func emptyQueryFindsNothing() {
        #expect(TextSearch("").find(in: text, from: 0, direction: .forward) == nil)
    }
}

@Suite struct TextSearchRandomTests {
    /// Random text over a small alphabet (many near-matches) agrees with a naive scan in both directions.
    @Test(arguments: ["ab", "aBa", "灯a", "a灯", "灯灯", "b", "abab", "aaaa", "灯 a灯", "AbA灯b", "灯灯灯", " ba灯B"])
    func agreesWithANaiveScan(query: String) {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", "A", "B", "灯", " "]
        let text = Array((0..<4000).map { _ in alphabet.randomElement(using: &generator)! }.joined().utf8)
        let pattern = Array(query.lowercased().utf8)
        let lowered = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let expected = (0...(lowered.count - pattern.count)).filter {
            Array(lowered[$0..<$0 + pattern.count]) == pattern
        }
        let search = TextSearch(query)
        var forward: [Int] = []
        var offset = 0
        while let match = search.find(in: text, from: offset, direction: .forward, wrap: false) {
            forward.append(match.range.lowerBound)
            offset = match.range.lowerBound + 1
        }
        #expect(forward == expected)
        var backward: [Int] = []
        offset = text.count
        while let match = search.find(in: text, from: offset, direction: .backward, wrap: false) {
            backward.append(match.range.lowerBound)
            offset = match.range.lowerBound
        }
        #expect(backward == expected.reversed())
        #expect(search.matches(in: text, overlapping: 0..<text.count).count <= expected.count)
    }
}
