import Foundation

/// A line that reads like a heading under the built-in rules, before the whole-book checks.
struct HeadingCandidate: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// 第X卷, 卷X, 第X部, 上卷/中卷/下卷: a level above chapters.
        case volume
        /// 第X章 and its kin, Chapter N, Part N.
        case chapter
        /// 序, 楔子, 番外, 后记, Prologue …: a section outside the numbered run.
        case special
    }

    enum Family: Sendable, Equatable {
        case chinese, english
    }

    var kind: Kind
    var family: Family
    var number: Int?
    /// The unit character of a 第X… heading (章, 回, 卷 …).
    var unit: Unicode.Scalar?
    /// A volume named on the same line before the chapter: 上卷 in `上卷 第一回　灵根育孕源流出`.
    var volumeLabel: String?
    /// How many headings the line holds: more than one on a line of a list of contents
    /// (`第017回　… 第018回　…`), which is never a chapter.
    var entriesOnLine = 1
    /// The number of the last heading on a line with several.
    var lastNumber: Int?
    /// Where the title starts after the marker and its separators (a scalar index into the line), when
    /// the rule knows; equals the line's length for a bare marker (`第一回` alone).
    var titleStart: Int?
    /// For a run-on heading (`第七回　…　…「卻說…`), where the chapter's first sentence begins (a scalar
    /// index into the line): the title ends there and the rest of the line is body text.
    var bodyColumn: Int?
    /// Units numbered on their own within a kind: English `Letter 1 … 4` before `Chapter 1 … 24`.
    var series: Series?
    /// A Roman numeral alone or before a title (`IV`, `IV. THE STORM`): a chapter only when the book's
    /// numerals run in sequence and no worded chapter heading stands beside them (`NumeralHeadings`).
    var numeralOnly = false

    /// What a list of contents counts numbers by.
    var numbering: Numbering { Numbering(kind: kind, series: series) }

    enum Series: Sendable, Hashable {
        case letters
    }

    struct Numbering: Hashable {
        var kind: Kind
        var series: Series?

        /// Every numbering, for tables indexed by `slot` (a list of contents keeps a few numbers per
        /// numbering for each run of headings, and hashing was most of its cost).
        static let slotCount = 6

        /// A small index of its own in `0..<slotCount`: three kinds, each with or without the series.
        var slot: Int {
            Self.slots(of: kind).lowerBound + (series == nil ? 0 : 1)
        }

        /// The slots of every numbering of `kind`.
        static func slots(of kind: Kind) -> Range<Int> {
            let kindIndex =
                switch kind {
                case .volume: 0
                case .chapter: 1
                case .special: 2
                }
            return (kindIndex * 2)..<(kindIndex * 2 + 2)
        }
    }
}

/// Decides whether one trimmed line is a heading under the built-in rules (see docs/chapters.md).
/// It looks at a single line; ChapterSplitter applies the whole-book checks.
enum HeadingMatcher {
    /// Headings wider than this many cells read as prose.
    static let maximumWidth = 80

    static let chapterUnits: Set<Unicode.Scalar> = ["章", "回", "节", "節", "集", "篇", "话", "話"]
    static let volumeUnits: Set<Unicode.Scalar> = ["卷", "部"]
    /// Spaces and punctuation that may separate a heading's marker from its title.
    static let separators: Set<Unicode.Scalar> = [
        " ", "\t", "\u{3000}", ":", "：", "、", ".", "．", "-", "—", "·", "・", "　", "】", "]", "〕", "〗", ")", "）", "_",
    ]
    static let openingBrackets: Set<Unicode.Scalar> = ["【", "[", "〔", "〖", "（", "("]
    static let closingBrackets: Set<Unicode.Scalar> = ["】", "]", "〕", "〗", "）", ")"]
    /// Characters that end sentences: a line ending in one is prose, not a heading.
    static let sentenceEnders: Set<Unicode.Scalar> = Set(["。", "，", "；", "．", "、"] + asciiSentenceEnders)
    /// The ASCII ones, looked up without hashing (an English book's candidate lines).
    static let asciiSentenceEnders: [Unicode.Scalar] = [",", ";"]
    /// Words that begin with a unit character: 第二章节的内容…, 第三回合, 第一部分.
    static let unitWordContinuations: [Unicode.Scalar: Set<Unicode.Scalar>] = [
        "章": ["节", "節", "程"], "回": ["合", "目"], "部": ["分", "队", "門", "门"], "集": ["合", "团", "團", "中", "体"],
        "节": ["目", "课", "日"], "篇": ["幅", "章"], "卷": ["子", "入", "起"],
    ]
    /// Stand-alone headings, longest first so that 序章 wins over 序.
    static let specialWords: [[Unicode.Scalar]] = [
        "大结局", "大結局", "序章", "序言", "序幕", "楔子", "引子", "前言", "后记", "後記", "尾声", "尾聲", "终章", "終章",
        "番外", "外传", "外傳", "附录", "附錄", "缘起首回", "緣起首回", "缘起", "緣起", "序",
    ].map { Array($0.unicodeScalars) }
    static let volumeWords: [[Unicode.Scalar]] = ["上卷", "中卷", "下卷"].map { Array($0.unicodeScalars) }

    /// Scalars a heading can start with: lines starting otherwise are skipped before any other work.
    static let firstScalars: Set<UInt32> = {
        var set = Set<UInt32>()
        for text in ["第", "正", "卷", "上", "中", "下"] + openingBrackets.map(String.init) {
            set.insert(text.unicodeScalars.first!.value)
        }
        for word in specialWords { set.insert(word[0].value) }
        // English headings start with a capital: a keyword, a Roman numeral or a section's name
        // (EnglishHeading.mayStart looks at the first word before anything is decoded).
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars { set.insert(letter.value) }
        return set
    }()

    /// `firstScalars` below U+0080 as a bit mask: most lines of an English book start with ASCII, and a
    /// bit test is much cheaper than hashing.
    static let asciiFirstScalars: (low: UInt64, high: UInt64) = {
        var mask: (low: UInt64, high: UInt64) = (0, 0)
        for scalar in firstScalars where scalar < 0x80 {
            if scalar < 64 { mask.low |= 1 << UInt64(scalar) } else { mask.high |= 1 << UInt64(scalar - 64) }
        }
        return mask
    }()

    /// Whether a line starting with `scalar` may be a heading (`firstScalars`).
    @inline(__always)
    static func mayStartHeading(_ scalar: UInt32) -> Bool {
        guard scalar < 0x80 else { return firstScalars.contains(scalar) }
        let mask = asciiFirstScalars
        return (scalar < 64 ? mask.low >> UInt64(scalar) : mask.high >> UInt64(scalar - 64)) & 1 != 0
    }

    /// Whether a line ending in `scalar` ends like a sentence (`sentenceEnders`; ASCII without hashing).
    @inline(__always)
    static func endsSentence(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? asciiSentenceEnders.contains(scalar) : sentenceEnders.contains(scalar)
    }

    static func match(_ line: [Unicode.Scalar], width: Int) -> HeadingCandidate? {
        guard let last = line.last else { return nil }
        if width <= maximumWidth, !endsSentence(last) {
            if var candidate = matchChinese(line) {
                // A full stop inside is a sentence: the heading runs on into the chapter's text.
                if line.contains("。"), let runOn = RunOnHeading.match(line) { return runOn }
                countEntries(line, &candidate)
                return candidate
            }
            if let candidate = EnglishHeading.match(line) { return candidate }
        }
        // Too wide or ending like a sentence: still a heading when it is a line of a list of contents
        // or a heading that runs on into the chapter's first sentence.
        return listLine(line) ?? RunOnHeading.match(line)
    }

    /// `match` for the bytes of a line of ASCII only, whose width is its length: every Chinese form (and
    /// so a list line or a run-on heading) needs a CJK character, so only the English rules can accept it.
    /// An English book's candidate lines are nearly all ASCII; this spares them the Chinese rules' set
    /// look-ups, and a line the English rules refuse by its length, its ends or its first letter (an
    /// illustration's `[Illustration: …`) the making of its scalars. `scalars` is the caller's buffer.
    static func matchASCII(_ line: UnsafeBufferPointer<UInt8>, scalars: inout [Unicode.Scalar]) -> HeadingCandidate? {
        guard let first = line.first, let last = line.last, line.count <= maximumWidth,
            !endsSentence(Unicode.Scalar(last)), EnglishHeading.isUppercase(Unicode.Scalar(first))
        else { return nil }
        scalars.removeAll(keepingCapacity: true)
        // One append a byte: appending the lazily mapped bytes as a sequence cost three times as much, for
        // every heading of a book (tens of thousands in a dense English one).
        for byte in line { scalars.append(Unicode.Scalar(byte)) }
        return EnglishHeading.match(scalars)
    }

    /// Why a line that starts like a heading is not one (for `novel toc --explain`), or nil when it does
    /// not start like one at all.
    static func rejection(_ line: [Unicode.Scalar], width: Int) -> String? {
        if let english = EnglishHeading.rejection(line) { return english }
        guard let last = line.last, matchChinese(line) != nil || EnglishHeading.match(line) != nil else { return nil }
        if width > maximumWidth { return "too wide: \(width) cells, a heading has at most \(maximumWidth)" }
        if endsSentence(last) { return "sentence-like: ends in \(last)" }
        return nil
    }

    /// A line that begins with a numbered heading and holds more of the same kind, each after a space:
    /// `第017回　袁公路大起七軍　曹孟德會合三將 第018回　賈文和料敵決勝　夏侯惇拔矢啖睛`.
    static func listLine(_ line: [Unicode.Scalar]) -> HeadingCandidate? {
        guard var first = numberedHeading(line, from: 0) else { return nil }
        countEntries(line, &first)
        return first.entriesOnLine > 1 ? first : nil
    }

    /// Counts the further numbered headings of the same kind on the line (each after a space).
    static func countEntries(_ line: [Unicode.Scalar], _ candidate: inout HeadingCandidate) {
        guard candidate.unit != nil, let start = candidate.titleStart else { return }
        var index = start
        while index < line.count {
            if line[index] == "第" || openingBrackets.contains(line[index]), Blanks.isBlankScalar(line[index - 1]),
                let next = numberedHeading(line, from: index), next.kind == candidate.kind
            {
                candidate.entriesOnLine += 1
                candidate.lastNumber = next.number
                index = next.titleStart ?? index + 1
            } else {
                index += 1
            }
        }
    }

    // MARK: Chinese

    static func matchChinese(_ line: [Unicode.Scalar]) -> HeadingCandidate? {
        var index = 0
        // 正文 第一回 …: a label some web copies put before every heading.
        if hasPrefix(line, at: 0, ["正", "文"]) {
            index = skipSpaces(line, from: 2)
            if index == 2, index < line.count, line[index] != "第" { return nil }
        }
        // 上卷 第一回 …: a volume named on the chapter's own line.
        for word in volumeWords where hasPrefix(line, at: index, word) {
            let afterWord = index + word.count
            let next = skipSpaces(line, from: afterWord)
            if next > afterWord, var chapter = numberedHeading(line, from: next), chapter.kind == .chapter {
                chapter.volumeLabel = String(String.UnicodeScalarView(word))
                return chapter
            }
            if next > afterWord, var special = matchSpecial(line, from: next) {
                special.volumeLabel = String(String.UnicodeScalarView(word))
                return special
            }
            guard tail(line, from: afterWord) != nil else { return nil }
            return HeadingCandidate(kind: .volume, family: .chinese, number: nil, unit: "卷", volumeLabel: nil)
        }
        if let heading = numberedHeading(line, from: index) {
            // 第一卷 第一章 …: a volume and a chapter on one line.
            if heading.kind == .volume, let chapterStart = secondHeadingStart(line, from: index),
                var chapter = numberedHeading(line, from: chapterStart), chapter.kind == .chapter
            {
                chapter.volumeLabel = String(String.UnicodeScalarView(line[index..<chapterStart])).trimmingSpaces
                return chapter
            }
            return heading
        }
        if index > 0 { return nil }
        // 卷三, 卷三　秋
        if line.count >= 2, line[0] == "卷" {
            var end = 1
            while end < line.count, ChineseNumeral.isNumeral(line[end]) { end += 1 }
            if end > 1, let number = ChineseNumeral.parse(String(String.UnicodeScalarView(line[1..<end]))),
                tail(line, from: end) != nil
            {
                return HeadingCandidate(kind: .volume, family: .chinese, number: number, unit: "卷", volumeLabel: nil)
            }
            return nil
        }
        return matchSpecial(line, from: 0)
    }

    /// 序, 楔子, 番外二　少年时 …: a stand-alone word, an optional number, then the end or a title.
    static func matchSpecial(_ line: [Unicode.Scalar], from start: Int) -> HeadingCandidate? {
        for word in specialWords where hasPrefix(line, at: start, word) {
            let afterWord = start + word.count
            var end = afterWord
            while end < line.count, ChineseNumeral.isNumeral(line[end]) { end += 1 }
            let number =
                end > afterWord ? ChineseNumeral.parse(String(String.UnicodeScalarView(line[afterWord..<end]))) : nil
            // 番外一2: no clear number
            guard end == afterWord || number != nil, tail(line, from: end) != nil else { return nil }
            return HeadingCandidate(kind: .special, family: .chinese, number: number, unit: nil, volumeLabel: nil)
        }
        return nil
    }

    /// 第 + number + unit at `start`, with optional brackets and spaces, then the end of the line or a title.
    static func numberedHeading(_ line: [Unicode.Scalar], from start: Int) -> HeadingCandidate? {
        var index = start
        if index < line.count, openingBrackets.contains(line[index]) { index += 1 }
        guard index < line.count, line[index] == "第" else { return nil }
        index = skipSpaces(line, from: index + 1)
        // The digits, spaced or not: 第一百回, 第 一 回, 第 1 2 回.
        var digits: [Unicode.Scalar] = []
        while index < line.count, ChineseNumeral.isNumeral(line[index]) {
            digits.append(line[index])
            index = skipSpaces(line, from: index + 1)
        }
        guard !digits.isEmpty, let number = ChineseNumeral.parse(String(String.UnicodeScalarView(digits))),
            index < line.count
        else { return nil }
        let unit = line[index]
        let kind: HeadingCandidate.Kind
        if chapterUnits.contains(unit) {
            kind = .chapter
        } else if volumeUnits.contains(unit) {
            kind = .volume
        } else {
            return nil
        }
        index += 1
        // 第一部分 … 第六部分: parts, that is volumes, when the word stands alone before a title.
        if unit == "部", index < line.count, line[index] == "分" {
            guard tail(line, from: index + 1) != nil else { return nil }
            index += 1
        } else if index < line.count, let words = unitWordContinuations[unit], words.contains(line[index]) {
            return nil
        }
        if index < line.count, closingBrackets.contains(line[index]) { index += 1 }
        var titleStart = index
        while titleStart < line.count, separators.contains(line[titleStart]) { titleStart += 1 }
        return HeadingCandidate(
            kind: kind, family: .chinese, number: number, unit: unit, volumeLabel: nil, titleStart: titleStart)
    }

    /// Where a second 第… marker starts after a volume marker on the same line, if one does.
    static func secondHeadingStart(_ line: [Unicode.Scalar], from start: Int) -> Int? {
        guard let heading = line[start...].firstIndex(of: "第") else { return nil }
        var index = heading + 1
        while index < line.count, !volumeUnits.contains(line[index]) { index += 1 }
        let after = skipSpaces(line, from: index + 1)
        guard after > index + 1, after < line.count else { return nil }
        return line[after] == "第" || openingBrackets.contains(line[after]) ? after : nil
    }

    // MARK: Helpers

    static func skipSpaces(_ line: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < line.count, Blanks.isBlankScalar(line[index]) { index += 1 }
        return index
    }

    static func hasPrefix(_ line: [Unicode.Scalar], at start: Int, _ word: [Unicode.Scalar]) -> Bool {
        guard start + word.count <= line.count else { return false }
        for offset in 0..<word.count where line[start + offset] != word[offset] { return false }
        return true
    }

    /// The title after a marker: empty at the end of the line, or the text after a separator; nil when
    /// the marker runs straight into other text (楔子一样的…).
    static func tail(_ line: [Unicode.Scalar], from index: Int) -> ArraySlice<Unicode.Scalar>? {
        if index >= line.count { return [] }
        return separators.contains(line[index]) ? line[(index + 1)...] : nil
    }
}

extension String {
    /// Without leading and trailing ASCII and ideographic spaces and tabs (headings, snippets, and what
    /// is typed at the reader's prompts).
    public var trimmingSpaces: String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Blanks.isBlankScalar(scalars[start]) { scalars.formIndex(after: &start) }
        while end > start, case let last = scalars.index(before: end), Blanks.isBlankScalar(scalars[last]) {
            end = last
        }
        return start == scalars.startIndex && end == scalars.endIndex ? self : String(scalars[start..<end])
    }
}
