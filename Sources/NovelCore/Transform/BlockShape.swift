/// How a text's lines sit in blocks, counted over `TextProfile`'s samples: what tells its paragraph
/// model (`TextProfile.ParagraphModel`).
///
/// A line end inside a block (a non-blank line followed by another) is the wrapper's when its line stops
/// mid-sentence. When most of them do, the text is hard-wrapped, and what is left to mark a paragraph's
/// end is a blank line or, in a text without them, the next paragraph's indent.
struct BlockShape {
    /// Blank lines.
    private(set) var blank = 0
    /// Non-blank lines.
    private(set) var lines = 0
    /// Non-blank lines after a non-blank line: line ends inside a block.
    private(set) var inner = 0
    /// Of those, the ones after a line that stops mid-sentence.
    private(set) var innerMidSentence = 0
    /// Indented non-blank lines.
    private(set) var indented = 0

    /// Hard-wrapped: this share (%) of the lines continue a block, and this share of those after a line
    /// that stops mid-sentence. (A text of one paragraph a line ends nearly every line with a sentence.)
    static let minimumInnerShare = 30
    static let minimumMidSentenceShare = 60
    /// Blank lines separate paragraphs when there is one for at most 12 lines of text or so.
    static let minimumBlankShare = 8
    /// Indents start paragraphs when some lines are indented, but not most (a text that indents every
    /// line says nothing by it).
    static let indentedShares = 8...70

    mutating func add(_ line: LineFacts, after previous: LineFacts?) {
        if line.isBlank {
            blank += 1
            return
        }
        lines += 1
        if line.isIndented { indented += 1 }
        guard let previous, !previous.isBlank else { return }
        inner += 1
        if !SentenceEnd.contains(previous.lastScalar) { innerMidSentence += 1 }
    }

    /// The paragraph model of a hard-wrapped text, or nil when the line ends do not say it is one
    /// (`fitted` is then decided from the widths alone).
    func model() -> TextProfile.ParagraphModel? {
        guard lines > 0, inner * 100 >= lines * Self.minimumInnerShare,
            innerMidSentence * 100 >= inner * Self.minimumMidSentenceShare
        else { return nil }
        if blank * 100 >= lines * Self.minimumBlankShare { return .blankLines }
        if Self.indentedShares.contains(indented * 100 / lines) { return .indented }
        return nil
    }

    /// The evidence for `model`, in words (`novel info`).
    func describe(_ model: TextProfile.ParagraphModel) -> String {
        let midShare = innerMidSentence * 100 / max(1, inner)
        let ends = "\(midShare)% of the line ends inside paragraphs are mid-sentence"
        switch model {
        case .blankLines: return "\(ends), \(blank * 100 / max(1, blank + lines))% of lines blank"
        case .indented: return "\(ends), \(indented * 100 / max(1, lines))% of lines indented"
        case .fitted: return ends
        }
    }
}
