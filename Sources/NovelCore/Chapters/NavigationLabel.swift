import Foundation

/// Whether a line of an EPUB's text is the heading its navigation entry's label names
/// (`EpubChapterIndex.bodyStart`). Real books write the two apart: the heading in Traditional characters
/// under a Simplified label or the reverse, a full-width space, digit or colon where the label has an
/// ASCII one (or none), capitals in one and not the other. So both are compared folded (`folded`) and,
/// when they still differ and hold Han characters, again in Simplified characters (OpenCC's `t2s`, which
/// takes either script to one). A line names the label when the label holds it, or when it holds the
/// label and is a heading's length beside it (`isHeadingLength`: a chapter's number before its title),
/// so that a body line that merely holds the title is not its heading; or
/// when both are headings of the same chapter number by the splitter's rules (`HeadingMatcher`), however
/// their titles are worded.
enum NavigationLabel {
    /// Whether `line` (a line of the text, or its first part before a line separator) is the heading
    /// that `label` names.
    static func names(_ line: String, label: String) -> Bool {
        guard line.utf8.count <= longestHeadingBytes else { return false }
        let (foldedLine, foldedLabel) = (folded(line), folded(label))
        guard !foldedLine.isEmpty, !foldedLabel.isEmpty else { return false }
        if holds(line: foldedLine, label: foldedLabel) { return true }
        // The same chapter under two wordings (第四章　彈窗注釋 over 第四章 唐诗弹窗注释示例).
        if isHeadingLength(foldedLine.count, foldedLabel.count), let heading = NumberedHeading(label),
            NumberedHeading(line) == heading
        {
            return true
        }
        guard holdsHan(foldedLine) || holdsHan(foldedLabel), let simplified = ChineseConverter.loaded(.t2s) else {
            return false
        }
        return holds(line: simplified.convert(foldedLine), label: simplified.convert(foldedLabel))
    }

    /// What names a numbered heading: its number by the splitter's rules, and its unit (章 of 第四章, 回 of
    /// 第四回) or, in English, the word before its number: `Part 1` is not the heading of `Chapter 1: The
    /// Death of Fire`, though both are number 1.
    private struct NumberedHeading: Equatable {
        let number: Int
        let family: HeadingCandidate.Family
        let unit: Unicode.Scalar?
        let word: String?

        init?(_ title: String) {
            guard let heading = EpubChapterIndex.heading(inTitle: title), let number = heading.number else {
                return nil
            }
            (self.number, self.family, self.unit) = (number, heading.family, heading.unit)
            word = heading.family == .english ? title.split(whereSeparator: \.isWhitespace).first?.lowercased() : nil
        }
    }

    /// A line longer than this is body text, whatever it holds (and is not folded or converted).
    static let longestHeadingBytes = 1024

    /// `text` without blanks, punctuation and controls, full-width ASCII forms as ASCII, in lower case:
    /// `第１章：雨夜　来客` and `第1章 雨夜来客` fold alike, as do `CHAPTER I.` and `Chapter I`.
    static func folded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let narrowed = (0xFF01...0xFF5E).contains(value) ? Unicode.Scalar(value - 0xFEE0) ?? scalar : scalar
            if isLeftOut(narrowed.properties.generalCategory) { continue }
            scalars.append(narrowed)
        }
        return String(scalars).lowercased()
    }

    private static func isLeftOut(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .connectorPunctuation,
            .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation:
            true
        default: false
        }
    }

    /// Whether a folded line is the heading of a folded label: the label holds it (a heading of the
    /// title alone, `Sonnet` under `Sonnet: These Rugged Wintry Days`), or it holds the label and is a
    /// heading's length beside it.
    private static func holds(line: String, label: String) -> Bool {
        if line.count <= label.count { return label.contains(line) }
        return isHeadingLength(line.count, label.count) && line.contains(label)
    }

    /// Whether texts of these lengths (in characters) may be a heading and its label: the longer at most
    /// twice the shorter and 24 more, a number or a title beside the label, not a paragraph (`第一回` over
    /// a couplet of two eight-character lines, `Chapter 1` over `The Boy Who Lived`).
    static func isHeadingLength(_ first: Int, _ second: Int) -> Bool {
        max(first, second) <= 2 * min(first, second) + 24
    }

    /// Whether `text` holds a CJK ideograph, which a conversion may write otherwise.
    private static func holdsHan(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isIdeographic }
    }
}
