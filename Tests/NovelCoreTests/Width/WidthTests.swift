import CICU
import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Display widths: the hard cases, the corpus width table, Unicode's data files, and fast path == ICU path.
@Suite struct WidthTests {
    static func clusters(_ string: String, _ ambiguous: AmbiguousWidth = .narrow, icuOnly: Bool = false) -> [(
        String, Int
    )] {
        let bytes = Array(string.utf8)
        var result: [(String, Int)] = []
        bytes.withUnsafeBufferPointer { buffer in
            let record: (Range<Int>, Int) -> Void = { range, width in
                result.append((String(decoding: bytes[range], as: UTF8.self), width))
            }
            let width = DisplayWidth(ambiguous: ambiguous)
            if icuOnly { width.forEachClusterICU(in: buffer, record) } else { width.forEachCluster(in: buffer, record) }
        }
        return result
    }

    struct HardCase: CustomTestStringConvertible, Sendable {
        var text: String
        var clusters: Int
        var narrow: Int
        var wide: Int
        var why: String
        var testDescription: String { why }
    }

    static let hardCases: [HardCase] = [
        HardCase(text: "👨‍👩‍👧‍👦", clusters: 1, narrow: 2, wide: 2, why: "ZWJ family: one picture, not four"),
        HardCase(text: "👩🏽‍💻", clusters: 1, narrow: 2, wide: 2, why: "ZWJ with a skin tone"),
        HardCase(text: "🏳️‍🌈", clusters: 1, narrow: 2, wide: 2, why: "rainbow flag: VS16 and ZWJ"),
        HardCase(text: "🏴‍☠️", clusters: 1, narrow: 2, wide: 2, why: "pirate flag"),
        HardCase(text: "🇨🇳🇬🇧", clusters: 2, narrow: 4, wide: 4, why: "two regional-indicator pairs are two flags"),
        HardCase(text: "🇨🇳🇬", clusters: 2, narrow: 4, wide: 4, why: "a lone regional indicator after a pair"),
        HardCase(text: "1️⃣#️⃣", clusters: 2, narrow: 4, wide: 4, why: "keycaps"),
        HardCase(text: "1⃣", clusters: 1, narrow: 2, wide: 2, why: "keycap without VS16 is still an emoji keycap"),
        HardCase(text: "❤️", clusters: 1, narrow: 2, wide: 2, why: "VS16 asks for emoji presentation"),
        HardCase(text: "❤︎", clusters: 1, narrow: 1, wide: 1, why: "VS15 keeps a text-default heart narrow"),
        HardCase(text: "⌚︎", clusters: 1, narrow: 2, wide: 2, why: "VS15 on an East Asian Wide emoji stays wide"),
        HardCase(text: "☺", clusters: 1, narrow: 1, wide: 1, why: "text-default smiley without a selector"),
        HardCase(text: "♠️", clusters: 1, narrow: 2, wide: 2, why: "ambiguous-width suit with VS16 is an emoji"),
        HardCase(text: "♠", clusters: 1, narrow: 1, wide: 2, why: "ambiguous-width suit alone follows the setting"),
        HardCase(text: "👍🏽", clusters: 1, narrow: 2, wide: 2, why: "skin-tone modifier joins its base"),
        HardCase(
            text: "\u{1112}\u{1161}\u{11AB}", clusters: 1, narrow: 2, wide: 2,
            why: "Hangul jamo L+V+T make one syllable"),
        HardCase(text: "\u{1112}\u{1161}", clusters: 1, narrow: 2, wide: 2, why: "Hangul jamo L+V"),
        HardCase(text: "한국어", clusters: 3, narrow: 6, wide: 6, why: "precomposed Hangul syllables"),
        HardCase(
            text: "汉\u{0301}字\u{20DD}", clusters: 2, narrow: 4, wide: 4, why: "combining marks on CJK add nothing"),
        HardCase(text: "e\u{0301}\u{0323}", clusters: 1, narrow: 1, wide: 1, why: "stacked combining marks on Latin"),
        HardCase(text: "“引号”……", clusters: 6, narrow: 8, wide: 12, why: "curly quotes and ellipsis are ambiguous"),
        HardCase(text: "——·", clusters: 3, narrow: 3, wide: 6, why: "em dash and middle dot are ambiguous"),
        HardCase(text: "①αé™", clusters: 4, narrow: 4, wide: 8, why: "circled digits, Greek, é, ™ are ambiguous"),
        HardCase(text: "　，。！？", clusters: 5, narrow: 10, wide: 10, why: "fullwidth CJK punctuation is always wide"),
        HardCase(
            text: "a\u{200B}b\u{200D}c\u{2060}", clusters: 5, narrow: 3, wide: 3,
            why: "ZWSP and WJ are zero-width clusters of their own; ZWJ joins b"),
        HardCase(text: "\u{FE0F}", clusters: 1, narrow: 0, wide: 0, why: "a selector with nothing before it"),
        HardCase(
            text: "\u{115F}\u{1161}", clusters: 1, narrow: 2, wide: 2, why: "Hangul syllable with the leading filler"),
        HardCase(
            text: "\u{0600}\u{0661}\u{0662}", clusters: 2, narrow: 2, wide: 2,
            why: "Arabic number sign is visible and joins one digit"),
        HardCase(text: "𠮷𡘙", clusters: 2, narrow: 4, wide: 4, why: "CJK beyond the BMP"),
        HardCase(text: "ｱｲｳＡ", clusters: 4, narrow: 5, wide: 5, why: "halfwidth katakana narrow, fullwidth Latin wide"),
        HardCase(text: "\u{E000}", clusters: 1, narrow: 1, wide: 2, why: "private use is ambiguous"),
        HardCase(text: "ก\u{0E33}", clusters: 1, narrow: 1, wide: 1, why: "Thai SARA AM is a spacing mark that joins"),
        HardCase(
            text: "क्षि", clusters: 1, narrow: 1, wide: 1,
            why: "ICU 72 keeps a Devanagari conjunct in one cluster (the rule Unicode 15.1 adopted)"),
    ]

    @Test(arguments: hardCases)
    func hardCase(_ hard: HardCase) {
        for (setting, expected) in [(AmbiguousWidth.narrow, hard.narrow), (.wide, hard.wide)] {
            let fast = Self.clusters(hard.text, setting)
            let icu = Self.clusters(hard.text, setting, icuOnly: true)
            #expect(fast.count == hard.clusters, "\(fast)")
            #expect(fast.map(\.1).reduce(0, +) == expected, "\(setting): \(fast)")
            #expect(fast.map(\.0) == icu.map(\.0))
            #expect(fast.map(\.1) == icu.map(\.1))
            #expect(DisplayWidth(ambiguous: setting).width(of: hard.text) == expected)
        }
    }

    /// The MANIFEST's table for synthetic/width-cases.utf8.txt: graphemes, width with A=1, width with A=2.
    static let widthCaseTable: [(Int, Int, Int)] = [
        (2, 4, 4), (3, 6, 6), (3, 3, 3), (3, 3, 3), (6, 8, 12), (4, 6, 8), (6, 11, 12), (3, 3, 6), (3, 3, 6),
        (1, 1, 1), (1, 1, 2), (1, 1, 1), (2, 4, 4), (1, 2, 2), (1, 2, 2), (1, 2, 2), (2, 4, 4), (2, 2, 2),
        (1, 2, 2), (1, 2, 2), (3, 6, 6), (1, 2, 2), (2, 4, 4), (1, 1, 2), (3, 2, 2), (4, 8, 8), (2, 4, 4),
        (1, 1, 2), (10, 18, 20),
    ]

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusWidthCases() throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/width-cases.utf8.txt")).utf8.utf8String
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.widthCaseTable.count)
        for (index, (line, expected)) in zip(lines, Self.widthCaseTable).enumerated() {
            #expect(Self.clusters(line).count == expected.0, "line \(index + 1): \(line)")
            #expect(DisplayWidth(ambiguous: .narrow).width(of: line) == expected.1, "line \(index + 1): \(line)")
            #expect(DisplayWidth(ambiguous: .wide).width(of: line) == expected.2, "line \(index + 1): \(line)")
        }
    }

    /// Prepended_Concatenation_Mark in Unicode 15.0 PropList.txt: visible format characters.
    static let prependedConcatenationMarks: Set<UInt32> = [
        0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    /// Every code point EastAsianWidth.txt lists: W and F take 2, A takes the setting, the rest 1, except
    /// the zero-width classes (marks Mn/Me, format Cf, controls Cc, other default-ignorables such as
    /// U+3164 HANGUL FILLER) and Emoji_Presentation (always 2). Prepended concatenation marks are visible
    /// format characters (1), and the leading-jamo filler U+115F starts a wide syllable block.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func agreesWithEastAsianWidthFile() throws {
        let data = try #require(FileManager.default.contents(atPath: Corpus.path("unicode/EastAsianWidth.txt")))
        var checked = 0
        var zeroWidthWide: [UInt32] = []
        let narrow = DisplayWidth(ambiguous: .narrow)
        let wide = DisplayWidth(ambiguous: .wide)
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "#", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let fields = parts[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let category = String(parts[1].trimmingCharacters(in: .whitespaces).prefix(2))
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            for code in bounds[0]...(bounds.last!) {
                let visible = Self.prependedConcatenationMarks.contains(code) || code == 0x115F
                let zero =
                    !visible
                    && (["Mn", "Me", "Cf", "Cc"].contains(category)
                        || nicu_has_property(Int32(code), Int32(NICU_PROP_DEFAULT_IGNORABLE)) != 0)
                let emoji = nicu_has_property(Int32(code), Int32(NICU_PROP_EMOJI_PRESENTATION)) != 0
                let (expectNarrow, expectWide): (Int, Int) =
                    switch fields[1] {
                    case _ where zero: (0, 0)
                    case _ where emoji: (2, 2)
                    case "W", "F": (2, 2)
                    case "A": (1, 2)
                    default: (1, 1)
                    }
                if zero && ["W", "F"].contains(fields[1]) { zeroWidthWide.append(code) }
                #expect(
                    narrow.scalarWidth(code) == expectNarrow, "U+\(String(code, radix: 16)) \(fields[1]) \(category)")
                #expect(wide.scalarWidth(code) == expectWide, "U+\(String(code, radix: 16)) \(fields[1]) \(category)")
                checked += 1
            }
        }
        #expect(checked > 280_000)
        // Wide but zero: ideographic tone marks, kana voicing marks, Hangul filler, and the like. Few.
        #expect(zeroWidthWide == [0x302A, 0x302B, 0x302C, 0x302D, 0x3099, 0x309A, 0x3164, 0x16FE4])
    }

    /// The table agrees with ICU's properties for every code point, under both settings.
    @Test(arguments: AmbiguousWidth.allCases)
    func tableAgreesWithICUForEveryCodePoint(setting: AmbiguousWidth) {
        let width = DisplayWidth(ambiguous: setting)
        var mismatches: [UInt32] = []
        for code in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(code) {
            if width.scalarWidth(code) != width.scalarWidthICU(code) { mismatches.append(code) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }

    /// Every fully-qualified emoji of emoji-test.txt is one cluster two cells wide.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func everyFullyQualifiedEmojiIsOneWideCluster() throws {
        let data = try #require(FileManager.default.contents(atPath: Corpus.path("unicode/emoji-test.txt")))
        var checked = 0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n")
        where line.contains("; fully-qualified") {
            let codes = line.split(separator: ";")[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let text = String(String.UnicodeScalarView(codes.compactMap(Unicode.Scalar.init)))
            let clusters = Self.clusters(text)
            #expect(clusters.count == 1 && clusters[0].1 == 2, "\(line)")
            checked += 1
        }
        #expect(checked == 3655)
    }

    /// The fast path gives exactly the ICU path's clusters and widths on random text (many seeds, both settings).
    @Test(arguments: 0..<60)
    func fastPathEqualsICUOnRandomText(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(5000 + seed))
        let text = randomText(length: 2000, using: &generator)
        for setting in AmbiguousWidth.allCases {
            let fast = Self.clusters(text, setting)
            let icu = Self.clusters(text, setting, icuOnly: true)
            #expect(fast.map(\.0) == icu.map(\.0))
            #expect(fast.map(\.1) == icu.map(\.1))
        }
    }

    /// Measuring from many tasks at once (the pooled ICU iterators) gives the same answers.
    @Test func concurrentMeasuringAgrees() async {
        let texts = (0..<16).map { seed in
            var generator = SeededGenerator(seed: UInt64(9000 + seed))
            return randomText(length: 300, using: &generator)
        }
        let expected = texts.map { Self.clusters($0, icuOnly: true).map(\.1) }
        let results = await withTaskGroup(of: (Int, [Int]).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask {
                    var widths: [Int] = []
                    for _ in 0..<20 { widths = Self.clusters(text).map(\.1) }
                    return (index, widths)
                }
            }
            var collected = [[Int]](repeating: [], count: texts.count)
            for await (index, widths) in group { collected[index] = widths }
            return collected
        }
        #expect(results == expected)
    }

    /// The fast path equals the ICU path over every book and edge case in the corpus.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func fastPathEqualsICUOverTheCorpus() throws {
        let root = try #require(Corpus.root)
        var files = 0
        for folder in ["real", "variants", "synthetic", "unicode"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .sorted()
            for name in names {
                let path = root.appendingPathComponent(folder).appendingPathComponent(name).path
                guard let text = try? BookLoader.load(path: path) else { continue }
                files += 1
                text.utf8.withUnsafeBufferPointer { buffer in
                    for setting in AmbiguousWidth.allCases {
                        var fast: [Int] = []
                        var icu: [Int] = []
                        fast.reserveCapacity(buffer.count)
                        icu.reserveCapacity(buffer.count)
                        let width = DisplayWidth(ambiguous: setting)
                        width.forEachCluster(in: buffer) { range, cells in fast.append(range.upperBound << 2 | cells) }
                        width.forEachClusterICU(in: buffer) { range, cells in icu.append(range.upperBound << 2 | cells)
                        }
                        #expect(fast == icu, "\(folder)/\(name) \(setting)")
                        #expect(width.totalWidth(of: buffer) == icu.reduce(0) { $0 + $1 & 3 })
                        if setting == .wide {  // once per file: the ICU path is the slow one
                            #expect(width.maxLineWidthICU(of: buffer) == width.maxLineWidth(of: buffer))
                        }
                    }
                }
            }
        }
        #expect(files >= 40)
    }

    /// A caller that slices mid-character gets clusters that still tile the buffer exactly, with no
    /// read past its end.
    @Test func slicesCutMidCharacterAreSafe() {
        let bytes = Array("a𠮷汉👨‍👩‍👧é\n🇨🇳".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0..<buffer.count {
                for end in start...buffer.count {
                    var covered = start
                    let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
                    DisplayWidth().forEachCluster(in: slice) { range, width in
                        #expect(range.lowerBound + start == covered && !range.isEmpty && (0...2).contains(width))
                        covered = range.upperBound + start
                    }
                    #expect(covered == end)
                }
            }
        }
    }

    @Test func maxLineWidthCountsTabsAndLines() {
        let text = "ab\n\t汉字\n“x”\n\n12345678\tz"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(DisplayWidth(ambiguous: .narrow).maxLineWidth(of: buffer) == 17)
            #expect(DisplayWidth(ambiguous: .narrow).maxLineWidthICU(of: buffer) == 17)
            #expect(DisplayWidth(ambiguous: .wide).maxLineWidth(of: buffer) == 17)
            #expect(DisplayWidth().maxLineWidth(of: UnsafeBufferPointer(rebasing: buffer[0..<14])) == 12)
            #expect(DisplayWidth().maxLineWidth(of: UnsafeBufferPointer(rebasing: buffer[0..<0])) == 0)
        }
        #expect(DisplayWidth(ambiguous: .wide).width(of: "“x”") == 5)
    }
}
