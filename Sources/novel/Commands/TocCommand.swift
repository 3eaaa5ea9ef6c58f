import ArgumentParser
import Foundation
import NovelCore

struct TocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toc",
        abstract: "Print a book's table of contents.",
        discussion: """
            Chapters are found by built-in rules for Chinese (第十回, 第一百二十三章, 第一卷, 楔子, 番外 …) and \
            English (Chapter 12, CHAPTER XII, Part One, Prologue) headings. Chapters sit under their volume. \
            A pattern or encoding chosen for the book earlier (novel read --chapter-pattern …) applies here too; \
            --chapter-pattern '' uses the built-in rules once.

            Examples:
              novel toc book.txt
              novel toc book.txt --json | jq '.[] | select(.level == 1) | .title'
              novel toc book.txt --chapter-pattern '^卷[0-9]+'
            """)

    @Argument(help: "The book file.") var book: String
    @Flag(help: "Print JSON: an array of {index, level, title, number, offset, characters}.") var json = false
    @OptionGroup var bookOptions: BookOptions
    /// For scripts/bench-chapters: timings on stderr, and no table.
    @Flag(help: .hidden) var timing = false

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        // Through the reading session, so that the book's remembered pattern and encoding give the same
        // chapters as the reader shows; nothing given here is remembered.
        let session = try ReadingSession.open(
            path: book, encoding: bookOptions.encoding, chapterPattern: bookOptions.chapterPattern,
            paths: NovelPaths.fromEnvironment())
        StandardError.warn(session.warnings)
        let opened = session.book
        if timing {
            try reportTiming(opened, open: clock.now - started)
            return
        }
        let rows = opened.index.entries.enumerated().map { position, entry in
            TOCRow(
                index: position, level: entry.level.rawValue, title: entry.title, number: entry.number,
                offset: entry.range.lowerBound, characters: entry.characters(in: opened.text),
                nested: entry.volumeIndex != nil)
        }
        if json {
            try StandardOutput.writeJSON(rows)
            return
        }
        let digits = String(rows.count).count
        var lines = ""
        for row in rows {
            let number = String(row.index)
            lines += String(repeating: " ", count: digits - number.count) + number + "  "
            lines += (row.nested ? "  " : "") + row.title + "\n"
        }
        StandardOutput.write(lines)
    }
}

extension TocCommand {
    /// `open=… scan=… cache=… bytes=… entries=…` on stderr, in milliseconds: the whole open (load, fingerprint,
    /// index from the cache or a scan), a fresh scan of the loaded text, and a read of the cache file.
    func reportTiming(_ book: Book, open: Duration) throws {
        let clock = ContinuousClock()
        let chapterPattern = bookOptions.chapterPattern
        let splitter = try ChapterSplitter(customPattern: chapterPattern)
        let scan = clock.measure { _ = splitter.split(book.text) }
        let cache = ChapterIndexCache(directory: NovelPaths.fromEnvironment().cacheDirectory)
        let pattern = chapterPattern.flatMap { $0.isEmpty ? nil : $0 }
        var cached: ChapterIndex?
        let read = clock.measure { cached = cache.load(fingerprint: book.fingerprint, pattern: pattern) }
        func milliseconds(_ duration: Duration) -> String {
            let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) * 1e-15
            return String(format: "%.1f", value)
        }
        let line =
            "open=\(milliseconds(open)) scan=\(milliseconds(scan)) cache=\(cached == nil ? "none" : milliseconds(read)) "
            + "bytes=\(book.text.utf8.count) entries=\(book.index.entries.count)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// One TOC entry as `novel toc` prints it.
struct TOCRow: Encodable {
    var index: Int
    var level: Int
    var title: String
    var number: Int?
    var offset: Int
    var characters: Int
    var nested: Bool

    enum CodingKeys: String, CodingKey {
        case index, level, title, number, offset, characters
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(level, forKey: .level)
        try container.encode(title, forKey: .title)
        try container.encode(number, forKey: .number)  // null when the heading has no number
        try container.encode(offset, forKey: .offset)
        try container.encode(characters, forKey: .characters)
    }
}
