import Synchronization

/// The bytes of chapters as a conversion shows them, kept after a search has made them: converting a
/// chapter (OpenCC) costs about as much as OpenCC's command does over the same text, so a search that
/// runs through the book pays it once per session, and later searches (`n`, a new query) only scan.
/// Only the bytes are kept (about the book's size over the whole book, up to `budget`); the map back to
/// the original is made again for a chapter that holds a match. One book and one set of options at a
/// time: another book or other options start afresh. Shared by the process, like the loaded
/// converters, because the reader's state is a value and the cache only saves work.
final class ShownChapterBytes: Sendable {
    enum Shown: Sendable {
        /// The chapter is shown as the book text has it.
        case asWritten
        case converted([UInt8])
    }

    static let shared = ShownChapterBytes()
    /// Bytes kept at most; chapters past it are converted again when searched again.
    static let budget = 256 << 20

    private struct Key: Equatable, Sendable {
        var fingerprint: String
        var length: Int
        var options: DisplayOptions
    }

    /// A chapter, by what its display text is made from (entry numbers change with the chapter rule).
    private struct Chapter: Hashable, Sendable {
        var range: Range<Int>
        var bodyStart: Int
        var headingStart: Int
    }

    /// The book and options the kept chapters belong to, the chapters, and their bytes in all.
    private struct Kept {
        var key: Key?
        var chapters: [Chapter: Shown] = [:]
        var total = 0
    }

    private let kept = Mutex(Kept())

    /// What chapter `entry` of `book` shows with `options`, if a search has kept it.
    func shown(_ book: Book, entry: Int, options: DisplayOptions) -> Shown? {
        let key = Self.key(book, options)
        let chapter = Self.chapter(book, entry)
        return kept.withLock { kept in
            guard kept.key == key else { return nil }
            return kept.chapters[chapter]
        }
    }

    /// Keeps what chapter `entry` shows (nil: as written).
    func keep(_ display: DisplayText?, book: Book, entry: Int, options: DisplayOptions) {
        let key = Self.key(book, options)
        let chapter = Self.chapter(book, entry)
        let shown: Shown = display.map { .converted($0.utf8) } ?? .asWritten
        let size = display?.utf8.count ?? 0
        kept.withLock { kept in
            if kept.key != key {
                kept = Kept(key: key)
            }
            guard kept.chapters[chapter] == nil, kept.total + size <= Self.budget else { return }
            kept.chapters[chapter] = shown
            kept.total += size
        }
    }

    private static func key(_ book: Book, _ options: DisplayOptions) -> Key {
        Key(fingerprint: book.fingerprint, length: book.text.utf8.count, options: options)
    }

    private static func chapter(_ book: Book, _ entry: Int) -> Chapter {
        let section = book.index.entries[entry]
        return Chapter(range: section.range, bodyStart: section.bodyStart, headingStart: section.headingStart)
    }
}
