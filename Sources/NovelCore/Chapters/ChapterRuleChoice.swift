/// Another heading rule a reader can switch a book to when the automatic table of contents is wrong:
/// one of the rule families the splitter found candidates for, written as a custom pattern so that it
/// is remembered with the book exactly like `--chapter-pattern`.
public struct ChapterRuleChoice: Sendable, Equatable {
    /// What the reader shows: `第…回 (120 lines)`.
    public var label: String
    /// The pattern to split with; nil for the built-in rules.
    public var pattern: String?

    public init(label: String, pattern: String?) {
        self.label = label
        self.pattern = pattern
    }

    /// The numerals a pattern's number group accepts (the forms `ChineseNumeral` reads).
    static let numerals = "0-9０-９零〇一二两兩三四五六七八九十百千万萬壹贰貳叁參肆伍陆陸柒捌玖拾佰仟"

    /// The pattern for one family of candidates, or nil for a family no pattern stands for.
    static func pattern(for candidate: HeadingCandidate) -> (label: String, pattern: String)? {
        switch candidate.family {
        case .chinese:
            // 第 + number + unit (the marker rule sets where the title starts); 卷N and 上卷 have no 第.
            if let unit = candidate.unit, candidate.titleStart != nil, candidate.kind != .special {
                let word = unit == "部" ? "部分?" : String(unit)
                return (
                    "第…\(unit)",
                    "^(?:正文\\s*)?(?:[上中下]卷\\s*)?[【\\[〔〖（(]?第[\\s\\x{3000}]*([\(numerals)\\s\\x{3000}]+?)[\\s\\x{3000}]*\(word)(?![节節程合目队門门团團体幅子入起])"
                )
            }
            if candidate.kind == .volume, candidate.number != nil {
                return ("卷…", "^卷([\(numerals)]+)")
            }
            return nil
        case .english:
            switch candidate.kind {
            case .chapter: return ("Chapter N", "^Chapter\\s+([0-9]+|[IVXLCDM]+\\b|[A-Z][a-z]+\\b)")
            case .volume: return ("Part / Book N", "^(?:Part|Book)\\s+([0-9]+|[IVXLCDM]+\\b|[A-Z][a-z]+\\b)")
            case .special: return nil
            }
        }
    }
}

extension ChapterSplitter {
    /// The rules a reader can choose among for this book: the built-in rules, then each family of
    /// heading-like lines the scan found, most lines first.
    public static func ruleChoices(_ text: BookText) -> [ChapterRuleChoice] {
        let found = text.utf8.withUnsafeBufferPointer { bytes in
            var trace: ChapterTrace?
            return ChapterSplitter().findHeadings(bytes, trace: &trace)
        }
        var counts: [String: (label: String, lines: Int, order: Int)] = [:]
        for heading in found {
            guard let family = ChapterRuleChoice.pattern(for: heading.candidate) else { continue }
            let previous = counts[family.pattern]
            counts[family.pattern] = (family.label, (previous?.lines ?? 0) + 1, previous?.order ?? counts.count)
        }
        let families = counts.sorted { ($0.value.lines, -$0.value.order) > ($1.value.lines, -$1.value.order) }
        return [ChapterRuleChoice(label: "automatic (built-in rules)", pattern: nil)]
            + families.map { ChapterRuleChoice(label: "\($0.value.label) (\($0.value.lines) lines)", pattern: $0.key) }
    }
}
