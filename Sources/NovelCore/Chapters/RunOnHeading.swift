/// A numbered heading whose line runs on into the chapter's first sentence:
/// `第七回　夢飛虎徐仁薦賢　索賄賂洪先革職「卻說…`. The title ends where the body begins — an opening
/// quote, a storyteller's opening word (話說, 卻說, 且說 …), or the end of a two-part title (a couplet) —
/// and the rest of the line is body text. Tried only on lines the ordinary rules refuse as too wide or
/// sentence-like, so a short title that quotes (`第一章　「再见」`) stays whole.
enum RunOnHeading {
    /// Words with which a chapter's first sentence begins in traditional novels.
    static let bodyOpeners: [[Unicode.Scalar]] = [
        "話說", "话说", "卻說", "却说", "且說", "且说", "再說", "再说", "詩曰", "诗曰", "詞曰", "词曰",
    ].map { Array($0.unicodeScalars) }
    static let openingQuotes: Set<Unicode.Scalar> = ["「", "『", "“", "\""]
    /// Punctuation that never stands inside a title: the title must end before it.
    static let sentencePunctuation: Set<Unicode.Scalar> = [
        "。", "，", "；", "：", "！", "？", ",", ";", ":", "!", "?", "…", "、",
    ]
    /// A half of a couplet title is this many characters.
    static let coupletHalf = 3...14
    /// A run-on heading's title has at most this many characters after the marker.
    static let maximumTitle = 40

    static func match(_ line: [Unicode.Scalar]) -> HeadingCandidate? {
        guard var heading = HeadingMatcher.numberedHeading(line, from: 0), heading.kind == .chapter,
            let titleStart = heading.titleStart, titleStart < line.count, titleStart > 0,
            Blanks.isBlankScalar(line[titleStart - 1]) || HeadingMatcher.separators.contains(line[titleStart - 1])
        else { return nil }
        guard let body = bodyColumn(line, titleStart: titleStart), body - titleStart <= maximumTitle else { return nil }
        heading.bodyColumn = body
        return heading
    }

    /// Where the body begins: the earliest of an opening quote, an opening word or the end of a couplet,
    /// as long as no sentence punctuation comes before it.
    static func bodyColumn(_ line: [Unicode.Scalar], titleStart: Int) -> Int? {
        var index = titleStart
        while index < line.count {
            let scalar = line[index]
            if sentencePunctuation.contains(scalar) { break }
            if openingQuotes.contains(scalar)
                || bodyOpeners.contains(where: { HeadingMatcher.hasPrefix(line, at: index, $0) })
            {
                return index > titleStart ? index : nil
            }
            index += 1
        }
        return coupletEnd(line, titleStart: titleStart, before: index)
    }

    /// After two space-separated halves of a few characters each, the third part is the body:
    /// `第三回　甲乙丙丁戊　己庚辛壬癸　那日…`.
    static func coupletEnd(_ line: [Unicode.Scalar], titleStart: Int, before limit: Int) -> Int? {
        var index = titleStart
        for _ in 0..<2 {
            let start = index
            while index < line.count, !Blanks.isBlankScalar(line[index]) { index += 1 }
            guard coupletHalf.contains(index - start), index <= limit else { return nil }
            index = HeadingMatcher.skipSpaces(line, from: index)
        }
        return index < line.count && index <= limit ? index : nil
    }
}
