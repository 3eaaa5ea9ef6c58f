import Foundation

/// A cleaning rule made from one line the reader wants hidden (the reader's "hide lines like this"): the
/// line generalised so that its siblings match too — runs of digits become `\d+`, a domain the domain
/// pattern of the built-in rules, blanks any blanks — and anchored to the whole line, so that it hides
/// lines, never parts of sentences.
public enum LineLikeRule {
    /// How much of the line names the rule.
    static let nameLength = 16

    /// An ICU pattern for `line` and the lines that differ from it only in numbers, domains and blanks.
    public static func pattern(for line: String) -> String {
        let text = line.trimmingCharacters(in: .whitespaces)
        var pattern = #"^\s*"#
        var rest = Substring(text)
        // ICU's syntax, as the rule will be applied with.
        let domain = try? NSRegularExpression(pattern: SiteJunkRule.domain)
        while !rest.isEmpty {
            let string = String(rest)
            if let match = domain?.firstMatch(
                in: string, options: .anchored, range: NSRange(string.startIndex..., in: string)),
                match.range.length > 0, let range = Range(match.range, in: string)
            {
                pattern += SiteJunkRule.domain
                rest = Substring(string[range.upperBound...])
                continue
            }
            let character = rest.removeFirst()
            if character.isWholeNumberDigit {
                while let next = rest.first, next.isWholeNumberDigit { rest.removeFirst() }
                pattern += #"\d+"#
            } else if character.isBlank {
                while let next = rest.first, next.isBlank { rest.removeFirst() }
                pattern += #"\s*"#
            } else {
                pattern += escaped(character)
            }
        }
        return pattern + #"\s*$"#
    }

    /// The rule for `line`: named after its start (made unique among `taken`), hiding each line it matches.
    public static func rule(for line: String, taken: [String]) -> CleaningRule {
        let start = line.trimmingCharacters(in: .whitespaces).prefix(nameLength)
        let base = "like: " + start.trimmingCharacters(in: .whitespaces)
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base) \(number)"
            number += 1
        }
        return CleaningRule(name: name, pattern: pattern(for: line), isRegex: true)
    }

    /// ICU's pattern syntax characters, escaped; every other character stands for itself.
    private static func escaped(_ character: Character) -> String {
        #"\^$.|?*+()[]{}"#.contains(character) ? "\\" + String(character) : String(character)
    }
}

extension Character {
    /// A decimal digit of any script (ASCII, full-width …), which ICU's `\d` matches.
    fileprivate var isWholeNumberDigit: Bool {
        unicodeScalars.count == 1 && unicodeScalars.first!.properties.numericType == .decimal
    }

    /// A blank between words: a space, a tab, an ideographic space.
    fileprivate var isBlank: Bool { self == " " || self == "\t" || self == "\u{3000}" }
}

extension LineLikeRule {
    /// The source line a proposal is made from: the one holding `offset` (`step` 0) or the next (1) or
    /// previous (-1) line with text, as a byte range without its blanks and line end; nil past either end.
    public static func line(in text: BookText, from offset: Int, step: Int) -> Range<Int>? {
        text.utf8.withUnsafeBufferPointer { bytes in
            guard !bytes.isEmpty else { return nil }
            var start = LineBounds.start(bytes, of: min(max(offset, 0), bytes.count - 1))
            /// The start of the line after or before `start` in the direction of `step`.
            func moved(_ start: Int) -> Int? {
                if step > 0 {
                    let end = LineBounds.end(bytes, from: start)
                    return end + 1 < bytes.count ? end + 1 : nil
                }
                return start > 0 ? LineBounds.start(bytes, of: start - 1) : nil
            }
            if step != 0 {
                guard let next = moved(start) else { return nil }
                start = next
            }
            while true {
                let content = Blanks.trimmed(bytes, start..<LineBounds.end(bytes, from: start))
                if !content.isEmpty { return content }
                guard step != 0, let next = moved(start) else { return nil }
                start = next
            }
        }
    }
}
