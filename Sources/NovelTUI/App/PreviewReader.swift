import NovelCore

/// A stand-in for the pager until `Reader` is on main: the text wrapped to the screen, paged with
/// Space/b, lines with j/k, quit with q. It keeps its place as a byte offset across resizes.
public struct PreviewReader: ReaderModel {
    private let book: Book
    private var columns: Int
    private var rows: Int
    /// (first byte, text) of every wrapped line.
    private var lines: [(offset: Int, text: String)] = []
    private var top = 0
    private var message: String?
    public private(set) var isFinished = false

    public init(book: Book, columns: Int, rows: Int, offset: Int) {
        self.book = book
        self.columns = columns
        self.rows = rows
        wrap()
        top = lineIndex(containing: offset)
    }

    public var nextDeadline: Double? { nil }
    public mutating func tick(now: Double) {}
    public mutating func report(_ message: String) { self.message = message }

    public var position: ReadingPosition {
        BookmarkFactory.position(book: book, offset: lines.isEmpty ? 0 : lines[top].offset)
    }

    private var textRows: Int { max(rows - 1, 1) }
    private var isTooSmall: Bool { columns < 10 || rows < 3 }

    public mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
        let before = top
        switch event {
        case .key(.character("q")), .key(.escape), .key(.control("c")):
            isFinished = true
            return [.quit]
        case .key(.character(" ")), .key(.character("f")), .key(.pageDown), .key(.right), .key(.character("l")):
            top = min(top + textRows, max(lines.count - 1, 0))
        case .key(.character("b")), .key(.pageUp), .key(.left), .key(.character("h")):
            top = max(top - textRows, 0)
        case .key(.character("j")), .key(.down), .wheelDown: top = min(top + 1, max(lines.count - 1, 0))
        case .key(.character("k")), .key(.up), .wheelUp: top = max(top - 1, 0)
        case .key(.character("g")), .key(.home): top = 0
        case .key(.character("G")), .key(.end): top = max(lines.count - textRows, 0)
        case .resize(let newColumns, let newRows):
            let offset = lines.isEmpty ? 0 : lines[top].offset
            columns = newColumns
            rows = newRows
            wrap()
            top = lineIndex(containing: offset)
        default: break
        }
        return top == before ? [] : [.saveProgress(position)]
    }

    public func screen() -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        let width = DisplayWidth()
        let measure: (Character) -> Int = { width.width(of: String($0)) }
        if isTooSmall {
            screen.write("too small", row: 0, column: 0, style: Style(role: .message), measure: measure)
            return screen
        }
        for row in 0..<textRows where top + row < lines.count {
            screen.write(lines[top + row].text, row: row, column: 0, measure: measure)
        }
        let percent = Int(position.percent.rounded())
        let status = message ?? "\(book.title)  \(percent)%"
        screen.fill(row: rows - 1, style: Style(role: .status))
        screen.write(status, row: rows - 1, column: 0, style: Style(role: .status), measure: measure)
        return screen
    }

    private mutating func wrap() {
        lines = []
        guard !isTooSmall else { return }
        let width = DisplayWidth()
        let bytes = book.text.utf8
        var lineStart = 0
        var lineWidth = 0
        bytes.withUnsafeBufferPointer { buffer in
            width.forEachCluster(in: buffer) { range, cells in
                if buffer[range.lowerBound] == 0x0A {
                    lines.append((lineStart, String(decoding: buffer[lineStart..<range.lowerBound], as: UTF8.self)))
                    lineStart = range.upperBound
                    lineWidth = 0
                } else if lineWidth + cells > columns {
                    lines.append((lineStart, String(decoding: buffer[lineStart..<range.lowerBound], as: UTF8.self)))
                    lineStart = range.lowerBound
                    lineWidth = cells
                } else {
                    lineWidth += cells
                }
            }
            if lineStart < buffer.count {
                lines.append((lineStart, String(decoding: buffer[lineStart..<buffer.count], as: UTF8.self)))
            }
        }
    }

    private func lineIndex(containing offset: Int) -> Int {
        lines.lastIndex { $0.offset <= offset } ?? 0
    }
}
