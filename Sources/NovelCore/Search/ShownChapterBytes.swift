import Foundation

/// The bytes of chapters as a conversion shows them, kept after a search has made them: converting a
/// chapter (OpenCC) costs about as much as OpenCC's command does over the same text, so a search that
/// runs through the book pays it once per session, and later searches (`n`, a new query) only scan.
/// Only the bytes are kept (about the book's size over the whole book, up to `budget`); the map back to
/// the original is made again for a chapter that holds a match. One book and one set of options at a
/// time: another book or other options start afresh. Shared by the process, like the loaded
/// converters, because the reader's state is a value and the cache only saves work.
final class ShownChapterBytes: @unchecked Sendable {
    enum Shown {
        /// The chapter is shown as the book text has it.
        case asWritten
        case converted([UInt8])
    }

    static let shared = ShownChapterBytes()
    /// Bytes kept at most; chapters past it are converted again when searched again.
    static let budget = 256 << 20

    private struct Key: Equatable {
        var fingerprint: String
        var length: Int
        var options: DisplayOptions
    }

    /// A chapter, by what its display text is made from (entry numbers change with the chapter rule).
    private struct Chapter: Hashable {
        var range: Range<Int>
        var bodyStart: Int
        var headingStart: Int
    }

    private let lock = NSLock()
    private var key: Key?
    private var chapters: [Chapter: Shown] = [:]
    private var total = 0

    /// What chapter `entry` of `book` shows with `options`, if a search has kept it.
    func shown(_ book: Book, entry: Int, options: DisplayOptions) -> Shown? {
        lock.lock()
        defer { lock.unlock() }
        guard key == Self.key(book, options) else { return nil }
        return chapters[Self.chapter(book, entry)]
    }

    /// Keeps what chapter `entry` shows (nil: as written).
    func keep(_ display: DisplayText?, book: Book, entry: Int, options: DisplayOptions) {
        lock.lock()
        defer { lock.unlock() }
        let key = Self.key(book, options)
        if self.key != key {
            (self.key, chapters, total) = (key, [:], 0)
        }
        let chapter = Self.chapter(book, entry)
        guard chapters[chapter] == nil else { return }
        guard let display else {
            chapters[chapter] = .asWritten
            return
        }
        guard total + display.utf8.count <= Self.budget else { return }
        chapters[chapter] = .converted(display.utf8)
        total += display.utf8.count
    }

    /// Forgets everything (for tests).
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        (key, chapters, total) = (nil, [:], 0)
    }

    private static func key(_ book: Book, _ options: DisplayOptions) -> Key {
        Key(fingerprint: book.fingerprint, length: book.text.utf8.count, options: options)
    }

    private static func chapter(_ book: Book, _ entry: Int) -> Chapter {
        let section = book.index.entries[entry]
        return Chapter(range: section.range, bodyStart: section.bodyStart, headingStart: section.headingStart)
    }
}
