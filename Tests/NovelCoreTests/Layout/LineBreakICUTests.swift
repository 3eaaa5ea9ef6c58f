import CICU
import NovelTestSupport
import Testing

@testable import NovelCore

/// Where ICU's line iterator for Chinese at a CSS `line-break` level (`zh@lb=strict` …) allows a break:
/// the reference the layouter's classes and pair rules are checked against.
struct ICULineBreaks {
    let bytes: [UInt8]
    private let boundaries: Set<Int>

    init(_ text: String, level: LineBreakLevel) {
        bytes = Array(text.utf8)
        var found = Set<Int>()
        var error: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard
                let iterator = nicu_break_open_utf8(
                    Int32(NICU_BREAK_LINE), "zh@lb=\(level.rawValue)", buffer.baseAddress, Int64(buffer.count), &error)
            else { return }
            defer { nicu_break_close(iterator) }
            var boundary = nicu_break_first(iterator)
            while boundary >= 0 {
                found.insert(Int(boundary))
                boundary = nicu_break_next(iterator)
            }
        }
        precondition(error <= 0, "ICU line iterator: \(String(cString: nicu_error_name(error)))")
        boundaries = found
    }

    func allows(_ offset: Int) -> Bool { boundaries.contains(offset) }

    /// The first byte of each line after the first when clusters are put on a line `width` cells wide
    /// as long as they fit and the line ends at ICU's last boundary (as the layouter does with its
    /// own rules). Nil when the text has blanks, whose hanging at a line's end this does not model.
    func greedyBreaks(width: Int) -> [Int]? {
        guard
            !String(decoding: bytes, as: UTF8.self).unicodeScalars.contains(where: { BreakClass.of($0.value) == .space }
            )
        else { return nil }
        var clusters: [(range: Range<Int>, width: Int)] = []
        bytes.withUnsafeBufferPointer { buffer in
            DisplayWidth(ambiguous: .narrow).forEachCluster(in: buffer) { clusters.append(($0, $1)) }
        }
        var result: [Int] = []
        var lineStart = 0
        while lineStart < clusters.count {
            var end = lineStart
            var cells = 0
            while end < clusters.count && cells + clusters[end].width <= width {
                cells += clusters[end].width
                end += 1
            }
            if end == clusters.count { break }
            var lineEnd = end
            while lineEnd > lineStart && !allows(clusters[lineEnd].range.lowerBound) { lineEnd -= 1 }
            if lineEnd == lineStart { lineEnd = max(end, lineStart + 1) }
            result.append(clusters[lineEnd].range.lowerBound)
            lineStart = lineEnd
        }
        return result
    }
}

/// The layouter's breaks against ICU's, for the W3C cases and for every character of the blocks
/// Chinese text uses (docs/layout.md lists the deliberate differences).
@Suite struct LineBreakICUTests {
    /// Lays `text` out `width` cells wide at `level` and returns each line's first byte after the first.
    static func breaks(_ text: String, width: Int, level: LineBreakLevel) -> [Int] {
        let book = TestBooks.book(text, split: false)
        var settings = TestBooks.layoutSettings(width: width, indent: 0, paragraphSpacing: 0)
        settings.lineBreak = level
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 100)).layout(
            book, entry: 0)
        var checker = LayoutChecker(book: book, layout: layout, settings: settings)
        let problems = checker.check()
        #expect(problems.isEmpty, "\(text.debugDescription) at \(level): \(problems)")
        return layout.lines.dropFirst().map(\.bytes.lowerBound)
    }

    struct W3CCase: Sendable, CustomStringConvertible {
        var scalar: UInt32
        var group: String
        var description: String { String(format: "U+%04X (%@)", scalar, group) }
    }

    /// web-platform-tests css/css-text/i18n/zh/*-strict: characters that may not start a line at `strict`.
    static let w3cCases: [W3CCase] =
        [0x30FB, 0xFF1A, 0xFF1B, 0xFF65, 0x203C, 0x2047, 0x2048, 0x2049, 0xFF01, 0xFF1F].map {
            W3CCase(scalar: $0, group: "centred punctuation")
        } + [0x2024, 0x2025, 0x2026, 0x22EF, 0xFE19, 0x10AF6].map { W3CCase(scalar: $0, group: "inseparable") }
        + [0x00B0, 0x2030, 0x2032, 0x2033, 0x2035, 0x2103, 0x2109, 0xFE6A, 0xFF05, 0xFFE0].map {
            W3CCase(scalar: $0, group: "postfix")
        } + [0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE].map { W3CCase(scalar: $0, group: "iteration mark") }
        + [0x2010, 0x2013, 0x301C, 0x30A0].map { W3CCase(scalar: $0, group: "hyphen") }

    /// Six ideographs, the character, two more, in a column six ideographs wide: the character does not
    /// fit the first line. At `strict` it never starts the second: the sixth ideograph comes down with it.
    /// `normal` lets 〜 ゠ start it, `loose` every group but the inseparable marks (as ICU does).
    @Test(arguments: w3cCases)
    func w3cStrictCase(_ example: W3CCase) throws {
        let character = String(try #require(Unicode.Scalar(example.scalar)))
        let text = "一二三四五六" + character + "七八"
        let sixth = "一二三四五".utf8.count
        let seventh = "一二三四五六".utf8.count
        #expect(Self.breaks(text, width: 12, level: .strict) == [sixth], "strict")
        let normalStarts = example.scalar == 0x301C || example.scalar == 0x30A0
        #expect(Self.breaks(text, width: 12, level: .normal) == [normalStarts ? seventh : sixth], "normal")
        let looseStarts = example.group != "inseparable"
        #expect(Self.breaks(text, width: 12, level: .loose) == [looseStarts ? seventh : sixth], "loose")
        for level in LineBreakLevel.allCases {
            let icu = ICULineBreaks(text, level: level)
            #expect(Self.breaks(text, width: 12, level: level).allSatisfy(icu.allows), "ICU at \(level)")
        }
    }

    /// The blocks Chinese text uses: ASCII and Latin-1 punctuation, General Punctuation, Letterlike
    /// Symbols, arrows, enclosed numbers, box drawing and shapes, CJK Symbols and Punctuation, kana,
    /// vertical and small form variants, half- and full-width forms.
    static let blocks: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0xFF, 0x2000...0x206F, 0x2100...0x214F, 0x2190...0x21FF, 0x2460...0x24FF,
        0x2500...0x25FF, 0x3000...0x30FF, 0xFE10...0xFE1F, 0xFE30...0xFE6F, 0xFF00...0xFFEF,
    ]

    /// Every assigned, non-control code point of `blocks` but U+2028 LINE SEPARATOR, which ends a line
    /// (a mandatory break) rather than standing on one.
    static let blockScalars: [UInt32] = blocks.flatMap { $0 }.filter { scalar in
        let category = nicu_general_category(Int32(scalar))
        // unassigned, control, surrogate
        return category != 0 && category != 15 && category != 18 && scalar != DisplayText.lineSeparator.value
    }

    /// The table built from ICU's ranges of Line_Break holds, for every BMP scalar, the class it has
    /// when classified on its own (Line_Break, East_Asian_Width for OP, the tailorings).
    @Test func theTableHoldsEveryBMPScalarsClass() {
        let wrong = (0..<UInt32(0x10000)).filter { BreakClass.of($0) != BreakClass.classify($0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        #expect(BreakClass.of(0x3002) == .close && BreakClass.of(0xFF08) == .openWide && BreakClass.of(0x28) == .open)
        #expect(BreakClass.of(0x10AF6) == .inseparable, "beyond the BMP, asked of ICU")
    }

    /// Where the layouter and ICU's iterator at `level` disagree, with each code point once where it
    /// must start a line (six ideographs, it, two more) and once where it ends one ("U+2018 start"): a
    /// break the layouter makes that ICU does not allow, or lines other than a greedy fill by ICU's
    /// boundaries makes (for texts without blanks).
    static func disagreements(level: LineBreakLevel) -> [String: String] {
        var found: [String: String] = [:]
        for scalar in blockScalars {
            guard let character = Unicode.Scalar(scalar).map(String.init) else { continue }
            for (placement, text) in [
                ("start", "一二三四五六" + character + "七八"), ("end", "一二三四五" + character + "六七八"),
            ] {
                let icu = ICULineBreaks(text, level: level)
                let ours = breaks(text, width: 12, level: level)
                let key = String(format: "U+%04X %@", scalar, placement)
                if let offset = ours.first(where: { !icu.allows($0) }) {
                    found[key] = "breaks at byte \(offset), which ICU does not allow"
                } else if let greedy = icu.greedyBreaks(width: 12), greedy != ours {
                    found[key] = "breaks at \(ours), ICU's lines at \(greedy)"
                }
            }
        }
        return found
    }

    /// The differences docs/layout.md lists: · never starts a line (clreq); ‘ ’ break as “ ” do (ICU 72
    /// breaks beside neither); a ZWJ that ends a cluster does not hold the next one (LB8a).
    static let documented: Set<String> = ["U+00B7 start", "U+2018 start", "U+2018 end", "U+2019 end", "U+200D start"]

    @Test(arguments: LineBreakLevel.allCases)
    func everyBlockCharacterBreaksAsICUDoes(_ level: LineBreakLevel) {
        #expect(Self.blockScalars.count > 1400)
        let found = Self.disagreements(level: level)
        #expect(
            Set(found.keys) == Self.documented, "at \(level): \(found.filter { !Self.documented.contains($0.key) })")
    }
}
