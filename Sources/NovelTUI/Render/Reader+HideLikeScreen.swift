import NovelCore

extension Reader {
    /// The proposal: the line, the pattern made from it, how many lines of the book it hides and a few.
    func drawHideLike(_ proposal: HideLikeProposal, into screen: inout Screen) {
        let title = "Hide lines like this?  (Enter saves, j/k another line, Esc cancels)"
        let rows = drawPanel(title: title, into: &screen)
        let line = book.text.utf8.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[proposal.line]), as: UTF8.self)
        }
        let count = proposal.matches == 1 ? "1 line" : "\(proposal.matches) lines"
        let text =
            [" line:    \(line)", " pattern: \(proposal.rule.pattern)", " hides \(count) of this book, such as:"]
            + proposal.samples.map { "   \($0)" }
        for (row, item) in zip(rows, text) {
            drawItem(item, row: row, selected: row == rows.lowerBound, into: &screen)
        }
    }
}
