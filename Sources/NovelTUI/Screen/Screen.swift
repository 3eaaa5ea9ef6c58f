import NovelCore

/// What the terminal should show: a grid of cells, built purely from the reader's state.
/// The ncurses adapter draws it cluster by cluster at the columns given here.
public struct Screen: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    public private(set) var cells: [Cell]

    public init(columns: Int, rows: Int, style: Style = .text) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        var blank = Cell.blank
        blank.style = style
        cells = Array(repeating: blank, count: self.columns * self.rows)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// Places `cluster` at (row, column), covering `width` cells; clipped at the right edge.
    /// Anything it overlaps is cleared so no half of a wide cluster survives.
    public mutating func put(_ cluster: String, width: Int, row: Int, column: Int, style: Style = .text) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        guard width <= 0 || column + width <= columns else { return }
        clearOverlap(row: row, from: column, width: max(width, 1))
        cells[row * columns + column] = Cell(cluster: cluster, width: width, style: style)
        if width > 1 {
            for offset in 1..<width {
                cells[row * columns + column + offset] = Cell(cluster: "", width: 0, style: style)
            }
        }
    }

    /// Writes a plain string from (row, column) using `measure` for cluster widths; returns the next column.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, style: Style = .text, measure: (Character) -> Int
    ) -> Int {
        var x = column
        // Names, titles, notes and messages come from files: their controls are shown escaped.
        for character in TerminalSafe.escaped(text) {
            let width = measure(character)
            if x + width > columns { break }
            put(String(character), width: width, row: row, column: x, style: style)
            x += max(width, 0)
        }
        return x
    }

    /// Fills a row segment with blanks of `style`.
    public mutating func fill(row: Int, from column: Int = 0, to end: Int? = nil, style: Style) {
        guard row >= 0, row < rows else { return }
        for x in max(column, 0)..<min(end ?? columns, columns) {
            cells[row * columns + x] = Cell(cluster: " ", width: 1, style: style)
        }
    }

    /// The screen as text, one string per row (continuation cells contribute nothing), for tests.
    public var textRows: [String] {
        (0..<rows).map { row in
            (0..<columns).reduce(into: "") { line, column in line += self[row, column].cluster }
        }
    }

    private mutating func clearOverlap(row: Int, from column: Int, width: Int) {
        // A continuation at `column` belongs to a wide cluster starting further left: blank that cluster.
        var start = column
        while start > 0, cells[row * columns + start].width == 0, cells[row * columns + start].cluster.isEmpty {
            start -= 1
        }
        var end = column + width
        while end < columns, cells[row * columns + end].width == 0, cells[row * columns + end].cluster.isEmpty {
            end += 1
        }
        for x in start..<end where x < column || x >= column + width {
            cells[row * columns + x] = Cell(cluster: " ", width: 1, style: cells[row * columns + x].style)
        }
    }
}
