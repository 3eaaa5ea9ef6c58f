import NovelCore

/// A stand-in for the pager until `Reader` is on main: the text wrapped to the screen from the reading
/// position, paged with Space/b, lines with j/k, chapters with ]/[, quit with q. Only the lines on screen (and the paragraph
/// before them when going back) are wrapped, so a big book opens and resizes at once.
public struct PreviewReader: ReaderModel {
    /// One wrapped line: its bytes, newline excluded.
    struct Line {
        var start: Int
        var end: Int
        /// Where the next line starts (after the newline when the line ends a paragraph).
        var next: Int
    }

    private let book: Book
    private var columns: Int
    private var rows: Int
    /// The first byte on screen: the reading position.
    private var top: Int
    private var message: String?
    public private(set) var isFinished = false
    private let width = DisplayWidth()

    public init(book: Book, columns: Int, rows: Int, offset: Int) {
        self.book = book
        self.columns = columns
        self.rows = rows
        top = min(max(offset, 0), book.text.utf8.count)
        while top < book.text.utf8.count, book.text.utf8[top] & 0xC0 == 0x80 { top += 1 }
    }

    public var nextDeadline: Double? { nil }
    public mutating func tick(now: Double) {}
    public mutating func report(_ message: String) { self.message = message }

    public var position: ReadingPosition { BookmarkFactory.position(book: book, offset: top) }

    private var textRows: Int { max(rows - 1, 1) }
    private var isTooSmall: Bool { columns < 10 || rows < 3 }
    private var count: Int { book.text.utf8.count }

    public mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
        let before = top
        switch event {
        case .key(.character("q")), .key(.escape), .key(.control("c")):
            isFinished = true
            return [.quit]
        case .key(.character(" ")), .key(.character("f")), .key(.pageDown), .key(.right), .key(.character("l")):
            let page = lines(from: top, limit: textRows + 1)
            if page.count > textRows { top = page[textRows].start }
        case .key(.character("b")), .key(.pageUp), .key(.left), .key(.character("h")):
            top = linesBefore(top, count: textRows).first?.start ?? top
        case .key(.character("j")), .key(.down), .wheelDown:
            let two = lines(from: top, limit: 2)
            if two.count == 2 { top = two[1].start }
        case .key(.character("k")), .key(.up), .wheelUp:
            top = linesBefore(top, count: 1).first?.start ?? top
        case .key(.character("]")):
            let entries = book.index.entries
            let next = book.index.entryIndex(containing: top) + 1
            if entries.indices.contains(next) { top = entries[next].range.lowerBound }
        case .key(.character("[")):
            let entries = book.index.entries
            let current = book.index.entryIndex(containing: top)
            // To the start of this chapter, or of the one before when already there.
            if entries.indices.contains(current) {
                top = entries[current].range.lowerBound < top || current == 0
                    ? entries[current].range.lowerBound : entries[current - 1].range.lowerBound
            }
        case .key(.character("g")), .key(.home): top = 0
        case .key(.character("G")), .key(.end): top = linesBefore(count, count: textRows).first?.start ?? 0
        case .resize(let newColumns, let newRows):
            columns = newColumns
            rows = newRows
        default: break
        }
        if top != before { message = nil }
        return top == before ? [] : [.saveProgress(position)]
    }

    public func screen() -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        let measure: (Character) -> Int = { width.width(of: String($0)) }
        if isTooSmall {
            screen.write("too small", row: 0, column: 0, style: Style(role: .message), measure: measure)
            return screen
        }
        for (row, line) in lines(from: top, limit: textRows).enumerated() {
            let text = String(decoding: book.text.utf8[line.start..<line.end], as: UTF8.self)
            screen.write(text, row: row, column: 0, measure: measure)
        }
        let percent = Int(position.percent.rounded())
        let status = message ?? "\(book.title) · \(position.chapterTitle)  \(percent)%"
        screen.fill(row: rows - 1, style: Style(role: .status))
        screen.write(status, row: rows - 1, column: 0, style: Style(role: .status), measure: measure)
        return screen
    }

    /// Up to `limit` wrapped lines starting at `offset`.
    func lines(from offset: Int, limit: Int) -> [Line] {
        guard !isTooSmall, offset < count else { return [] }
        // Enough bytes for `limit` full lines of four-byte clusters, ending at a paragraph end when there is one.
        var end = min(count, offset + (columns + 1) * (limit + 1) * 4)
        while end < count, book.text.utf8[end - 1] != 0x0A, end - offset < 1 << 20 { end += 1 }
        var result: [Line] = []
        var lineStart = offset
        var lineWidth = 0
        book.text.utf8.withUnsafeBufferPointer { whole in
            let slice = UnsafeBufferPointer(rebasing: whole[offset..<end])
            width.forEachCluster(in: slice) { range, cells in
                guard result.count < limit else { return }
                let start = range.lowerBound + offset
                if slice[range.lowerBound] == 0x0A {
                    result.append(Line(start: lineStart, end: start, next: start + 1))
                    lineStart = start + 1
                    lineWidth = 0
                } else if lineWidth + cells > columns {
                    result.append(Line(start: lineStart, end: start, next: start))
                    lineStart = start
                    lineWidth = cells
                } else {
                    lineWidth += cells
                }
            }
        }
        if result.count < limit, lineStart < end { result.append(Line(start: lineStart, end: end, next: end)) }
        return result
    }

    /// The `count` wrapped lines just before `offset` (fewer at the start of the book).
    func linesBefore(_ offset: Int, count wanted: Int) -> [Line] {
        guard !isTooSmall, offset > 0 else { return [] }
        var start = offset
        var found: [Line] = []
        while start > 0 {
            // Back to the start of the previous paragraph, then wrap forward up to `offset`.
            start -= 1
            while start > 0, book.text.utf8[start - 1] != 0x0A { start -= 1 }
            var lines: [Line] = []
            var cursor = start
            while cursor < offset {
                let chunk = self.lines(from: cursor, limit: 64)
                guard !chunk.isEmpty else { break }
                for line in chunk where line.start < offset { lines.append(line) }
                cursor = chunk.last!.next
            }
            found = lines
            if found.count >= wanted { break }
        }
        return Array(found.suffix(wanted))
    }
}
