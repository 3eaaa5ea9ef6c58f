import NovelTestSupport
import Testing

@testable import NovelCore

/// A user's heading pattern is one compiled ICU regex, and a regex keeps the line it was last given:
/// each thread matches with a copy of its own, so threads that match at once answer as one thread does,
/// and a long book is scanned in pieces side by side with a user's pattern as with the built-in rules.
struct CustomHeadingPatternTests {
    static let pattern = "^第([0-9一二三四五六七八九十百]+)[章回]"

    static let numerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]

    /// Headings with their numbers in the first group, and lines that are not headings, some of them
    /// close (the marker inside a line, a heading with no number).
    static let lines: [String] = (1...40).flatMap { number in
        [
            "第\(number)章 风起", "第\(Self.numerals[(number - 1) % 10])回　夜雨", "　　他说第\(number)章写得最好。",
            "第章", "Chapter \(number)",
        ]
    }

    static func answers(_ matcher: CustomHeadingPattern.Matcher, _ lines: [String]) -> [String] {
        lines.map { line in
            var line = line
            let (matched, number) = line.withUTF8 { matcher.match($0) }
            return "\(matched) \(number.map(String.init) ?? "-")"
        }
    }

    @Test func matchersUsedOnManyThreadsAtOnceAnswerAsOneThreadDoes() throws {
        let pattern = try CustomHeadingPattern(Self.pattern)
        let alone = Self.answers(pattern.matcher(), Self.lines)
        #expect(alone.filter { $0.hasPrefix("true") }.count == 80)
        #expect(alone.first == "true 1" && alone[1] == "true 1" && alone[2] == "false -")
        let together = allAtOnce(8) { thread in
            let matcher = pattern.matcher()
            // Each thread goes through the lines from a place of its own, many times over.
            let order = Array(Self.lines[(thread * 13)...] + Self.lines[..<(thread * 13)])
            let expected = Array(alone[(thread * 13)...] + alone[..<(thread * 13)])
            return (0..<20).allSatisfy { _ in Self.answers(matcher, order) == expected }
        }
        #expect(together == Array(repeating: true, count: 8))
    }

    @Test func aLongBookWithAUserPatternIsScannedInPiecesAsInOnePass() throws {
        // About 3 MB: a first half and pieces of a megabyte after it, each scanned on a thread.
        let chapters = (1...12_000).map { "第\($0)章 灯\($0)" }
        let text = ChapterTestBook.body(chapters) + String(repeating: "　　雨一直下。\n", count: 60_000)
        #expect(text.utf8.count > 2 * ChapterSplitter.scanPieceBytes)
        let book = ChapterTestBook.bookText(text)
        let splitter = try ChapterSplitter(customPattern: Self.pattern)
        let onePass = splitter.splitKeepingScan(book)
        let pieces = try #require(splitter.splitKeepingScan(book) { false })
        #expect(pieces.index == onePass.index)
        #expect(pieces.scan == onePass.scan)
        #expect(onePass.index.ruleName == "custom")
        #expect(onePass.index.entries.count >= 12_000, "\(onePass.index.entries.count) entries")
    }
}
