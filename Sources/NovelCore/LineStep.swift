/// `novel line`: the line of a book at its saved reading position, after moving that position some lines.
/// The move reads the saved position and writes the new one under the state file's lock, so that
/// parallel calls each move from where the one before left it: none skips or repeats a line.
///
/// It takes the fast path of the first screen (`BookPreview`: for a book read before, only the chapter
/// holding the position) and opens the whole book only when the walk leaves what the preview holds.
public enum LineStep {
    /// The line reached: its text, and where it starts for people: the spine item and XHTML byte of an
    /// EPUB (`Book.sourcePlace`), the offset in the book's text otherwise.
    public struct Line: Sendable, Equatable {
        public var text: String
        public var place: String
    }

    /// The line reached. Throws the open's errors, or `NoText` for a book with nothing to show.
    public static func run(
        path: String, encoding: String?, chapterPattern: String?, paths: NovelPaths, printer: BookPrinter,
        moving count: Int
    ) throws -> Line {
        if let preview = BookPreview.open(path: path, encoding: encoding, chapterPattern: chapterPattern, paths: paths),
            let state = preview.state
        {
            let walker = LineWalker(
                book: preview.book, printer: printer, part: preview.part, chaptersAreExact: preview.chaptersAreExact)
            let store = BookStateStore(paths: paths)
            do {
                return try step(walker, count: count, path: path, startingAt: preview.part.base + preview.offset) {
                    change in
                    try store.update(
                        fingerprint: state.fingerprint, title: preview.book.title,
                        path: ReadingSession.absolutePath(path), change)
                }
            } catch is NeedsWholeBook {
                // Left the preview: the whole book below.
            }
        }
        let session = try ReadingSession.open(
            path: path, encoding: encoding, chapterPattern: chapterPattern, paths: paths)
        let walker = LineWalker(book: session.book, printer: printer)
        let start = BookPlace.start(
            named: nil, saved: session.state?.position?.offset, length: session.book.text.utf8.count)
        return try step(walker, count: count, path: path, startingAt: start) {
            try session.update($0)
        }
    }

    private struct NeedsWholeBook: Error {}

    /// Reads the position (under the lock when moving), walks, saves. `startingAt` is the position read
    /// without the lock, enough when nothing moves.
    private static func step(
        _ walker: LineWalker, count: Int, path: String, startingAt unlocked: Int,
        update: ((inout BookState) throws -> (offset: Int, text: String)) throws -> (offset: Int, text: String)
    ) throws -> Line {
        let base = walker.part?.base ?? 0
        func walk(from offset: Int) throws -> (offset: Int, text: String) {
            var local = offset - base
            if walker.part == nil {
                // A hand-edited position past the end (or below 0) opens as `BookPlace.start` opens it.
                local = BookPlace.start(named: nil, saved: local, length: walker.book.text.utf8.count)
            } else if !(0...walker.book.text.utf8.count).contains(local) {
                throw NeedsWholeBook()  // moved by another process out of the preview's text
            }
            switch walker.line(from: local, moving: count) {
            case .line(let offset, let text): return (offset, text)
            case .needsWholeBook: throw NeedsWholeBook()
            case .empty: throw NoText(path: path)
            }
        }
        let reached: (offset: Int, text: String)
        if count == 0 {
            reached = try walk(from: unlocked)
        } else {
            reached = try update { state in
                let reached = try walk(from: state.position?.offset ?? 0)
                state.position = walker.savedPosition(at: reached.offset, previous: state.position)
                return reached
            }
        }
        return Line(
            text: reached.text, place: walker.book.sourcePlace(of: reached.offset) ?? String(base + reached.offset))
    }

    /// A book with no visible text: no line to show.
    public struct NoText: NovelError, Equatable {
        public let path: String
        public var isBadInput: Bool { true }
        public var description: String { "\(path): no text to show" }
    }
}
