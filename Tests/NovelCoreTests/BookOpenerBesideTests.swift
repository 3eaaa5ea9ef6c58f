import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A long book is split while its fingerprint is taken beside the split: the book is the one a short
/// book's order of work gives (fingerprint, cache, split), and a cached index still wins over the split,
/// whether the samples' mark sends the open to the lookup first or the lookup finds it beside the split.
@Suite final class BookOpenerBesideTests {
    let home: TemporaryDirectory
    let paths: NovelPaths
    let path: String
    let text: String

    init() throws {
        home = try TemporaryDirectory("novel-opener-beside")
        paths = home.novelPaths
        // Past the size from which the fingerprint runs beside the split, with CR LF line ends (the
        // normalising pass runs beside the UTF-8 check too).
        var text = ""
        var number = 1
        while text.utf8.count < SideBySide.besideWorkBytes + 50_000 {
            text +=
                "CHAPTER \(number).\r\n\r\nThe Ferry\r\n\r\n" + String(repeating: DenseBookTests.prose, count: 4)
                + "\r\n"
            number += 1
        }
        self.text = text
        path = try home.write("long.txt", text)
    }

    deinit { home.remove() }

    @Test func aLongBookOpensAsItsTextSplitsAndItsIndexIsCached() throws {
        let book = try BookOpener.open(path: path, paths: paths)
        let normal = text.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(book.text.utf8 == Array(normal.utf8))
        #expect(book.fingerprint == BookFingerprint.of(Array(normal.utf8)))
        #expect(book.index == ChapterSplitter().split(ChapterTestBook.bookText(normal)))
        #expect(book.index.entries.count > 100)
        #expect(book.headingScan != nil)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        #expect(cache.load(fingerprint: book.fingerprint, pattern: nil) == book.index)
        #expect(cache.maySeeIndex(sampleKey: ChapterIndexCache.sampleKey(book.text.utf8)))
        // Opened again: the same book, its index from the cache (no scan kept).
        let again = try BookOpener.open(path: path, paths: paths)
        #expect(again.index == book.index && again.fingerprint == book.fingerprint)
        #expect(again.headingScan == nil)
    }

    @Test func aCachedIndexIsUsedAndTheSplitBesideItDropped() throws {
        let book = try BookOpener.open(path: path, paths: paths)
        // A cached index that differs from what the split makes (one title changed): the open that
        // finds it must hand it out, not the split's.
        var entries = book.index.entries
        entries[1].title = "FROM THE CACHE"
        let doctored = ChapterIndex(entries: entries, ruleName: book.index.ruleName)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        cache.store(doctored, fingerprint: book.fingerprint, pattern: nil)
        // Found by the lookup first (the samples say an index was stored) …
        let sampleKey = ChapterIndexCache.sampleKey(book.text.utf8)
        #expect(cache.maySeeIndex(sampleKey: sampleKey))
        let opened = try BookOpener.open(path: path, paths: paths)
        #expect(opened.index == doctored)
        #expect(opened.headingScan == nil)
        // … and by the lookup beside the split, which it stops (no mark: the samples tell nothing).
        try FileManager.default.removeItem(atPath: cache.seenFile(sampleKey: sampleKey))
        #expect(!cache.maySeeIndex(sampleKey: sampleKey))
        let beside = try BookOpener.open(path: path, paths: paths)
        #expect(beside.index == doctored)
        #expect(beside.headingScan == nil)
        // With a user's pattern the key differs: split, not taken from the cache.
        let custom = try BookOpener.open(path: path, chapterPattern: "^CHAPTER", paths: paths)
        #expect(custom.index.ruleName == "custom")
        #expect(custom.headingScan != nil)
        // A cached index that does not cover this text is not used.
        let short = ChapterIndex(entries: Array(entries.prefix(2)), ruleName: book.index.ruleName)
        cache.store(short, fingerprint: book.fingerprint, pattern: nil)
        #expect(try BookOpener.open(path: path, paths: paths).index == book.index)
    }
}

extension BookOpenerBesideTests {
    /// A long book that is its file's bytes has its fingerprint taken beside the UTF-8 check, and it is the
    /// fingerprint of its text; a book that is not its bytes (CR LF, a control, a byte that is not UTF-8)
    /// has none taken there, and its fingerprint is its text's.
    @Test func theFingerprintTakenBesideTheCheckIsTheTexts() throws {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
        let plain = try home.write("plain.txt", lines)
        let book = try BookOpener.open(path: plain, paths: paths)
        #expect(book.text.isVerbatim)
        #expect(book.text.verbatimFingerprint == BookFingerprint.of(Array(lines.utf8)))
        #expect(book.fingerprint == BookFingerprint.of(Array(lines.utf8)))
        // The same text by the loader alone: taken only when asked for.
        let bytes = Array(lines.utf8)
        #expect(try BookLoader.decode(TextBytes(bytes), path: plain).verbatimFingerprint == nil)
        #expect(
            try BookLoader.decode(TextBytes(bytes), path: plain, fingerprinting: true).verbatimFingerprint
                == BookFingerprint.of(bytes))
        // Not the bytes: a change late in the text, a change at its start, Windows-1252 after a long start.
        let late = try home.write("late.txt", lines + "a bell \u{07}\n")
        let crlf = try BookOpener.open(path: path, paths: paths)
        var cp1252 = bytes
        cp1252[bytes.count - 100] = 0x93
        for (name, opened) in [
            ("late", try BookOpener.open(path: late, paths: paths)), ("CR LF", crlf),
            ("Windows-1252", try BookOpener.open(path: try home.write("cp1252.txt", cp1252), paths: paths)),
        ] {
            #expect(!opened.text.isVerbatim && opened.text.verbatimFingerprint == nil, "\(name)")
            #expect(opened.fingerprint == BookFingerprint.of(opened.text.utf8), "\(name)")
        }
    }

    /// A fingerprint that is told to stop gives none; one that is not is the whole text's.
    @Test func aFingerprintStopsWhenTold() {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(BookFingerprint.of(buffer, stoppingWhen: { true }) == nil)
            #expect(BookFingerprint.of(buffer, stoppingWhen: { false }) == BookFingerprint.of(bytes))
        }
    }
}
