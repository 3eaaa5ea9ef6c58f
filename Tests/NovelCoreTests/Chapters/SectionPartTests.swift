import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A long section's parts: the linear walk cuts exactly where the old one (which recounted the rest of
/// the section for every part) cut.
struct SectionPartTests {
    /// The cuts as the splitter made them before it counted the section once: the rest is recounted for
    /// every part, which made a book without headings quadratic. Kept as the oracle for the cut rules.
    static func recountingPartBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        let partCharacters = ChapterSplitter.sectionPartCharacters
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        while scalarCount(bytes, start..<range.upperBound) > ChapterSplitter.longSectionCharacters {
            var index = start
            var characters = 0
            while index < range.upperBound, characters < partCharacters {
                if bytes[index] & 0xC0 != 0x80 { characters += 1 }
                index += 1
            }
            while index < range.upperBound, bytes[index] & 0xC0 == 0x80 { index += 1 }
            let limit = min(range.upperBound, index + partCharacters * 3)
            let cut =
                blankLineEnd(bytes, from: index, limit: limit) ?? lineStart(bytes, from: index, limit: limit) ?? index
            parts.append(start..<cut)
            start = cut
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    static func lineStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var probe = start
        while probe < limit, bytes[probe] != 0x0A { probe += 1 }
        return probe < limit ? probe + 1 : nil
    }

    static func blankLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var next = lineStart(bytes, from: start, limit: limit)
        while let current = next {
            var probe = current
            while probe < limit, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
            if probe < limit, bytes[probe] == 0x0A { return probe + 1 }
            next = lineStart(bytes, from: current, limit: limit)
        }
        return nil
    }

    /// Kinds of long text without headings that real books show.
    enum Shape: CaseIterable {
        /// Chinese paragraphs of varied length, one per line.
        case chineseParagraphs
        /// English hard-wrapped at about 70 columns, paragraphs apart by blank lines (some holding spaces
        /// or a TAB), CRLF in places.
        case hardWrapped
        /// One line of mixed one- to four-byte characters, no line feed at all.
        case singleLine
        /// Long stretches without a line feed between short runs of lines.
        case sparseLineFeeds
    }

    static func text(_ shape: Shape, bytes target: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var text: [UInt8] = []
        text.reserveCapacity(target + 1024)
        let characters = ["灯", "a", "é", "😀", "，", " ", "—"].map { Array($0.utf8) }
        while text.count < target {
            switch shape {
            case .chineseParagraphs:
                text += Array("　　".utf8)
                for _ in 0..<Int.random(in: 5...900, using: &random) { text += characters[0] }
                text.append(0x0A)
            case .hardWrapped:
                for _ in 0..<Int.random(in: 1...40, using: &random) {
                    text += Array(repeating: 0x61, count: Int.random(in: 20...72, using: &random))
                    if Int.random(in: 0..<50, using: &random) == 0 { text.append(0x0D) }
                    text.append(0x0A)
                }
                let blankLines: [[UInt8]] = [[0x0A], [0x20, 0x20, 0x0A], [0x09, 0x0A], [0x0D, 0x0A]]
                text += blankLines[Int.random(in: 0..<blankLines.count, using: &random)]
            case .singleLine:
                for _ in 0..<4096 { text += characters[Int.random(in: 0..<characters.count, using: &random)] }
            case .sparseLineFeeds:
                for _ in 0..<Int.random(in: 1_000...200_000, using: &random) {
                    text += characters[Int.random(in: 0..<characters.count, using: &random)]
                }
                for _ in 0..<Int.random(in: 0...5, using: &random) { text += Array("short line\n".utf8) }
                if Int.random(in: 0..<3, using: &random) == 0 { text += [0x0A] }
            }
        }
        return text
    }

    @Test(arguments: Shape.allCases)
    func theCutsAreTheOldAlgorithms(_ shape: Shape) {
        for seed: UInt64 in 1...4 {
            let text = Self.text(shape, bytes: 1_500_000 + Int(seed) * 123_457, seed: seed)
            text.withUnsafeBufferPointer { bytes in
                // Whole texts, and sections that start and end inside them.
                for range in [0..<bytes.count, 17..<bytes.count - 333, 250_001..<bytes.count] {
                    let parts = ChapterSplitter.partBoundaries(bytes, range)
                    #expect(parts == Self.recountingPartBoundaries(bytes, range), "\(shape), seed \(seed), \(range)")
                    #expect(parts.first?.lowerBound == range.lowerBound && parts.last?.upperBound == range.upperBound)
                    #expect(parts.count > 1)
                }
            }
        }
    }

    /// Each real book taken whole as one section (as a book without headings is): the same cuts.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func realBooksAreCutWhereTheOldAlgorithmCutThem() throws {
        var books = 0
        for folder in ["real", "wild", "gutenberg"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder)).sorted()
            for name in names where name.hasSuffix(".txt") {
                let text = try BookLoader.load(path: Corpus.path(folder + "/" + name))
                let bytes = Array(text.utf8)
                guard bytes.count > ChapterSplitter.longSectionCharacters else { continue }
                books += 1
                bytes.withUnsafeBufferPointer { buffer in
                    let parts = ChapterSplitter.partBoundaries(buffer, 0..<buffer.count)
                    #expect(parts == Self.recountingPartBoundaries(buffer, 0..<buffer.count), "\(folder)/\(name)")
                }
            }
        }
        #expect(books > 10)
    }

    @Test func aSectionJustOverTheLimitIsCutOnceAndOneAtItIsNot() {
        let limit = ChapterSplitter.longSectionCharacters
        for count in [limit, limit + 1] {
            let text = Array(String(repeating: "灯", count: count).utf8)
            text.withUnsafeBufferPointer { bytes in
                let parts = ChapterSplitter.partBoundaries(bytes, 0..<bytes.count)
                #expect(parts == Self.recountingPartBoundaries(bytes, 0..<bytes.count))
                #expect(parts.count == (count > limit ? 2 : 1))
            }
        }
    }
}
