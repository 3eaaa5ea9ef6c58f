import NovelCore

/// "Hide lines like this", the last row of the cleaning rules overlay (`x`): a rule generalised from a
/// line on the screen (`LineLikeRule`), shown with what it would hide in this book, saved to rules.json
/// only when confirmed.
struct HideLikeProposal: Equatable {
    /// The source line it is made from (bytes of the book's text, without blanks and line end).
    var line: Range<Int>
    var rule: CleaningRule
    /// How many lines of the book it hides, and a few of them.
    var matches: Int
    var samples: [String]
}

extension Reader {
    /// The proposal for the first line with text on the screen, or from the line next to `current`'s
    /// (`step` 1 or -1).
    func hideLikeProposal(from current: HideLikeProposal? = nil, step: Int = 0) -> HideLikeProposal? {
        let offset = current?.line.lowerBound ?? firstVisibleOffset
        guard let line = LineLikeRule.line(in: book.text, from: offset, step: step) else { return nil }
        let text = book.text.utf8.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[line]), as: UTF8.self)
        }
        let rule = LineLikeRule.rule(for: text, taken: rules.all.map(\.name))
        let preview = RuleTest.preview(rule, book: book)
        return HideLikeProposal(
            line: line, rule: rule, matches: preview?.matches ?? 0, samples: preview?.samples ?? [])
    }

    /// The proposal's keys: Enter or `y` saves the rule, `j`/`k` (or the arrows) propose another line, any
    /// other key closes without saving.
    mutating func handleHideLike(_ proposal: HideLikeProposal, _ event: InputEvent) -> [ReaderAction] {
        switch event {
        case .key(.enter), .key(.character("y")):
            overlay = nil
            do {
                try rules.add(proposal.rule)
            } catch {
                message = "\(error)"
                return []
            }
            reconfigure()
            message = "Hiding \(proposal.matches) lines like this (rule '\(proposal.rule.name)' in rules.json)"
            return [.addRule(proposal.rule)]
        case .key(.down), .key(.character("j")), .key(.up), .key(.character("k")):
            let step = event == .key(.down) || event == .key(.character("j")) ? 1 : -1
            if let next = hideLikeProposal(from: proposal, step: step) { overlay = .hideLike(next) }
        default:
            overlay = nil
        }
        return []
    }
}
