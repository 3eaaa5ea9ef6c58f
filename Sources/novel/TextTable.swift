import NovelCore

/// Rows of text cells printed as aligned columns: each column as wide as its widest cell in terminal cells
/// (`DisplayWidth`, so a CJK title counts two a character), two spaces between columns, the last column
/// not padded.
struct TextTable {
    enum Alignment { case left, right }

    var alignments: [Alignment]
    var rows: [[String]] = []
    private let measure = DisplayWidth()

    init(_ alignments: [Alignment]) { self.alignments = alignments }

    /// The rows, each ending with a line feed.
    var text: String {
        let widths = alignments.indices.map { column in
            rows.map { column < $0.count ? measure.width(of: $0[column]) : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                guard column < row.count - 1 else { return cell }
                let pad = String(repeating: " ", count: max(0, widths[column] - measure.width(of: cell)))
                return column < alignments.count && alignments[column] == .right ? pad + cell : cell + pad
            }.joined(separator: "  ") + "\n"
        }.joined()
    }
}
