/// Applies the user's cleaning rules to a chapter's display text, line by line and rule by rule in
/// order, keeping every shown byte mapped back to the book text (`DisplayTextRewriter`): a match shows
/// the rule's replacement, which maps to the matched original bytes; a line that a rule with an empty
/// replacement leaves blank is removed with its line end. A pattern never spans lines.
enum RulePass {
    /// `source` with `rules` applied, or nil when no rule matches.
    static func apply(_ rules: [CleaningRule], to source: DisplayText) -> DisplayText? {
        var current = source
        var changed = false
        for rule in rules {
            guard let pattern = try? RulePattern(rule),
                let next = apply(pattern, replacement: rule.replacement, to: current)
            else { continue }
            current = next
            changed = true
        }
        return changed ? current : nil
    }

    private static func apply(_ pattern: RulePattern, replacement: String, to source: DisplayText) -> DisplayText? {
        source.utf8.withUnsafeBufferPointer { bytes -> DisplayText? in
            var rewriter = DisplayTextRewriter(source: source, bytes: bytes)
            let shown = Array(replacement.utf8)[...]
            var copied = 0
            var start = 0
            var matched = false
            while start < bytes.count {
                let end = LineBounds.end(bytes, from: start)
                let matches = pattern.matches(bytes, start..<end)
                if !matches.isEmpty {
                    matched = true
                    rewriter.keep(copied..<start)
                    if shown.isEmpty, isBlank(bytes, start..<end, without: matches) {
                        copied = min(end + 1, bytes.count)
                        rewriter.replace(start..<copied, [])
                    } else {
                        copied = start
                        for match in matches {
                            rewriter.keep(copied..<match.lowerBound)
                            rewriter.replace(match, shown)
                            copied = match.upperBound
                        }
                    }
                }
                start = end + 1
            }
            rewriter.keep(copied..<bytes.count)
            return matched ? rewriter.finish() : nil
        }
    }

    /// Whether `line` holds nothing but blanks (`Blanks`) outside `matches`.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, without matches: [Range<Int>]) -> Bool
    {
        var index = line.lowerBound
        var next = 0
        while index < line.upperBound {
            if next < matches.count, index >= matches[next].lowerBound {
                index = max(index, matches[next].upperBound)
                next += 1
                continue
            }
            let blank = Blanks.length(bytes, at: index, end: line.upperBound)
            if blank == 0 { return false }
            index += blank
        }
        return true
    }
}
