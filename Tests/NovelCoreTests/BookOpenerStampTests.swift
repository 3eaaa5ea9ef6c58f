import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A book opened on the word of its state's stamp (`BookOpener.openStamped`, which `novel search` asks
/// for through `ReadingSession.open(trustingStamp:)`): the very book the full open makes, or none, and
/// then the full open.
@Suite final class BookOpenerStampTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory("novel-stamp")
        paths = home.novelPaths
    }

    deinit { home.remove() }

    /// The full open of `path` whose state is then saved as the reader saves it (the file's stamp with it),
    /// the stamped open of the same file, and the session that trusts the stamp where it can.
    func opens(_ path: String, chapterPattern: String? = nil) throws -> (
        full: ReadingSession, stamped: Book?, trusted: ReadingSession
    ) {
        let full = try ReadingSession.open(path: path, chapterPattern: chapterPattern, paths: paths)
        try full.update { _ in }
        let state = try #require(BookStateStore(paths: paths).latest(lastPath: ReadingSession.absolutePath(path)))
        let source = try #require(state.source, "the state holds the stamp of the file")
        let stamped = BookOpener.openStamped(
            path: path, stamp: source, fingerprint: state.fingerprint, chapterPattern: chapterPattern, paths: paths)
        let trusted = try ReadingSession.open(
            path: path, chapterPattern: chapterPattern, paths: paths, trustingStamp: true)
        return (full, stamped, trusted)
    }

    /// Every part of a `Book` that a command reads, the same in both.
    func expectSame(_ book: Book, _ other: Book, _ name: String) {
        #expect(book.text.utf8.elementsEqual(other.text.utf8), "\(name): text")
        #expect(book.fingerprint == other.fingerprint && book.title == other.title, "\(name): identity")
        #expect(book.index == other.index, "\(name): chapters")
        #expect(book.profile == other.profile, "\(name): profile")
        #expect(book.text.encoding == other.text.encoding && book.text.encodingSource == other.text.encodingSource)
        #expect(book.text.isVerbatim == other.text.isVerbatim && book.text.sourceStamp == other.text.sourceStamp)
        #expect(book.text.appendProbe == other.text.appendProbe, "\(name): what a live reload compares")
        #expect(book.text.sourceByteCount == other.text.sourceByteCount)
    }

    /// The first `limit` hits of `query`, as `novel search` lists them.
    static func hits(
        _ query: String, regex: Bool = false, in book: Book, options: DisplayOptions = .init(), limit: Int = 300
    ) throws -> [SearchHit] {
        var hits: [SearchHit] = []
        try BookSearch(query, regex: regex, book: book, options: options).forEachHit {
            hits.append($0)
            return hits.count < limit
        }
        return hits
    }

    /// Queries common in each kind of book, literal and regex, and one through a conversion.
    func expectSameHits(_ book: Book, _ other: Book, _ name: String) throws {
        let chinese = book.profile.script == .cjk
        let literal = chinese ? ["说道", "的", "了", "道：“"] : ["the", "said", "Mr.", "--"]
        var found = 0
        for query in literal {
            let hits = try Self.hits(query, in: book)
            #expect(hits == (try Self.hits(query, in: other)), "\(name): \(query)")
            found += hits.count
        }
        #expect(found > 0, "\(name): the queries find something")
        let pattern = chinese ? "^第.{1,6}[回章]" : "(?i)^chapter [0-9ivxlc]+"
        #expect(try Self.hits(pattern, regex: true, in: book) == (try Self.hits(pattern, regex: true, in: other)))
        if chinese {
            var options = DisplayOptions()
            options.convert = .s2t
            try #require(ChineseConverter.loaded(.s2t) != nil, "OpenCC's s2t configuration must load")
            let converted = try Self.hits("說道", in: book, options: options, limit: 100)
            #expect(converted == (try Self.hits("說道", in: other, options: options, limit: 100)), "\(name): s2t")
        }
    }

    /// Real books: the originals (CR LF, GB18030, Big5, a byte-order mark: never their bytes, so never
    /// stamped; the trusted session is the full open's) and each one's text written as a UTF-8 file with
    /// LF line ends, which is its bytes: stamped, and the same book with the same hits as the full open.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)),
        arguments: [
            "real/ahq-zhengzhuan.utf8-crlf.txt", "real/ernvyingxiongzhuan.big5hkscs-crlf.txt",
            "real/hongloumeng.utf8-crlf.txt", "real/laocanyouji.big5hkscs-crlf.txt",
            "real/niehaihua.big5hkscs-crlf.txt", "real/rulinwaishi.big5hkscs-crlf.txt",
            "real/sanguoyanyi.gb18030-lf.txt", "real/xiyouji.gb18030-lf.txt", "gutenberg/pg1260.txt",
            "gutenberg/pg1400.txt", "gutenberg/pg28054.txt", "gutenberg/pg46.txt", "gutenberg/pg996.txt",
        ])
    func corpusBooks(_ name: String) throws {
        let original = try opens(Corpus.path(name))
        if original.full.book.text.isVerbatim {
            let stamped = try #require(original.stamped, "\(name) is its bytes: stamped")
            expectSame(stamped, original.full.book, name)
            try expectSameHits(stamped, original.full.book, name)
        } else {
            #expect(original.stamped == nil, "\(name) is not its bytes: never stamped")
        }
        expectSame(original.trusted.book, original.full.book, name)
        #expect(original.trusted.state?.fingerprint == original.full.book.fingerprint)

        let copy = try home.write(
            "copy-" + (name.split(separator: "/").last.map(String.init) ?? name),
            Array(original.full.book.text.utf8))
        let plain = try opens(copy)
        #expect(plain.full.book.text.isVerbatim, "\(name) as UTF-8 with LF is its bytes")
        let stamped = try #require(plain.stamped, "\(name) as UTF-8 with LF: stamped")
        expectSame(stamped, plain.full.book, name + " (UTF-8 copy)")
        expectSame(plain.trusted.book, plain.full.book, name + " (UTF-8 copy, session)")
        try expectSameHits(stamped, plain.full.book, name + " (UTF-8 copy)")
        #expect(plain.trusted.state == BookStateStore(paths: paths).load(fingerprint: stamped.fingerprint))
    }

    static func novel(chapters: Int, word: String = "灯") -> String {
        var text = "序\n这是一部用来试验的小说。\n"
        for number in 1...chapters {
            text += "第\(number)章 夜行\(number)\n"
            for paragraph in 0..<6 { text += "　　他提着\(word)走过长街，第\(paragraph)段。\n" }
        }
        return text
    }

    /// A file that is not what its stamp says (other size, other time), a stamp from a state with an
    /// encoding of its own, an index not in the cache: no stamped book, and the session is the full open's.
    @Test func anythingTheStampCannotVouchForIsOpenedInFull() throws {
        let path = try home.write("book.txt", Self.novel(chapters: 30))
        let first = try opens(path)
        let stamp = try #require(first.full.book.text.sourceStamp)
        let fingerprint = first.full.book.fingerprint
        func stamped(_ stamp: SourceStamp, pattern: String? = nil) -> Book? {
            BookOpener.openStamped(
                path: path, stamp: stamp, fingerprint: fingerprint, chapterPattern: pattern, paths: paths)
        }
        #expect(stamped(stamp) != nil)
        // An index for another pattern was never stored.
        #expect(stamped(stamp, pattern: "^第[0-9]+章") == nil)
        var notVerbatim = stamp
        notVerbatim.verbatim = false
        #expect(stamped(notVerbatim) == nil)
        var otherEncoding = stamp
        otherEncoding.encoding = "GB18030"
        #expect(stamped(otherEncoding) == nil)

        // The same bytes with another modification time: the stamp cannot tell that nothing changed.
        let status = try #require(RawPath.status(path))
        var times = [
            timespec(tv_sec: status.st_atim.tv_sec, tv_nsec: status.st_atim.tv_nsec),
            timespec(tv_sec: status.st_mtim.tv_sec + 7, tv_nsec: status.st_mtim.tv_nsec),
        ]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(stamped(stamp) == nil)

        // Changed text of the same size: the trusted session reads it in full and finds the new fingerprint.
        let changed = Array(Self.novel(chapters: 30, word: "伞").utf8)
        #expect(changed.count == stamp.file.bytes)
        _ = try home.write("book.txt", changed)
        #expect(stamped(stamp) == nil)
        let trusted = try ReadingSession.open(path: path, paths: paths, trustingStamp: true)
        expectSame(trusted.book, try BookOpener.open(path: path, paths: paths), "changed")
        #expect(trusted.book.fingerprint != fingerprint)
        #expect(try Self.hits("伞", in: trusted.book).count == 180)

        // A removed cache: nothing to take the chapters from.
        let again = try opens(path)
        let newStamp = try #require(again.full.book.text.sourceStamp)
        try FileManager.default.removeItem(atPath: paths.cacheDirectory)
        #expect(
            BookOpener.openStamped(
                path: path, stamp: newStamp, fingerprint: again.full.book.fingerprint, chapterPattern: nil,
                paths: paths) == nil)
    }

    /// An encoding given or remembered decodes the file through ICU, which the stamp does not speak for.
    @Test func anEncodingGivenOrRememberedOpensInFull() throws {
        let path = try home.write("book.txt", Self.novel(chapters: 10))
        _ = try opens(path)
        let given = try ReadingSession.open(path: path, encoding: "UTF-8", paths: paths, trustingStamp: true)
        #expect(!given.book.text.isVerbatim && given.book.text.encodingSource == .forced)
        _ = try ReadingSession.open(path: path, encoding: "UTF-8", paths: paths, remember: true)
        let remembered = try ReadingSession.open(path: path, paths: paths, trustingStamp: true)
        #expect(!remembered.book.text.isVerbatim && remembered.book.text.encodingSource == .forced)
    }
}
