/// What `novel rules --test BOOK` reports: for each rule that applies to the book, how many times it
/// matches in the book's text and a few of the lines it matches.
public enum RuleTest {
    public struct Result: Sendable, Equatable {
        public var rule: CleaningRule
        public var matches: Int
        /// Up to `sampleCount` matched lines, trimmed.
        public var samples: [String]
    }

    public static let sampleCount = 3

    /// The rules that apply to the book titled `title` at `path`, each with its matches in `text`.
    public static func run(_ rules: CleaningRules, title: String, path: String, text: BookText) -> [Result] {
        let applying = rules.applying(title: title, path: path)
        var results = applying.map { Result(rule: $0, matches: 0, samples: []) }
        let builtInIndex = Dictionary(uniqueKeysWithValues: SiteJunkRule.builtIn.enumerated().map { ($1.name, $0) })
        let matcher = SiteJunk.Matcher(SiteJunk.builtInHints)
        let patterns = applying.map { $0.isBuiltIn ? nil : try? RulePattern($0) }
        text.utf8.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                let end = LineBounds.end(bytes, from: start)
                let content = Blanks.trimmed(bytes, start..<end)
                let junk = matcher.hidden(bytes, content, mask: .max)
                for (index, rule) in applying.enumerated() {
                    let count: Int
                    if rule.isBuiltIn {
                        count = junk != nil && builtInIndex[rule.name] == junk?.rule ? 1 : 0
                    } else {
                        count = patterns[index]?.matches(bytes, start..<end).count ?? 0
                    }
                    guard count > 0 else { continue }
                    results[index].matches += count
                    if results[index].samples.count < sampleCount {
                        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[content]), as: UTF8.self)
                        results[index].samples.append(String(line.prefix(60)))
                    }
                }
                start = end + 1
            }
        }
        return results
    }
}
