import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// `library.json` is a file others may have written (issue 38, item 15's fuzzing): a cached book's
/// fingerprint names its state file, so one that is no fingerprint is not taken as a book.
@Suite final class LibraryCacheTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws { home = try TemporaryDirectory("novel-library-cache") }
    deinit { home.remove() }

    func entry(_ path: String, fingerprint: String) -> LibraryEntry {
        LibraryEntry(
            path: path, file: FileIdentity(bytes: 10, modified: 1), title: "书", encoding: "UTF-8", chapters: 3,
            fingerprint: fingerprint)
    }

    @Test func aFingerprintOfAnotherShapeIsNotACachedBook() throws {
        let cache = LibraryCache(paths: paths)
        cache.store([
            entry("/books/a.txt", fingerprint: BookFingerprint.of(Array("甲".utf8))),
            entry("/books/b.txt", fingerprint: "../../x"),
            entry("/books/c.txt", fingerprint: "0123456789ABCDEF"),
        ])
        #expect(Array(cache.load().keys) == ["/books/a.txt"])
        #expect(BookFingerprint.isWellFormed(BookFingerprint.of(Array("任何文字".utf8))))
        #expect(!BookFingerprint.isWellFormed("0123456789abcde"))
    }
}
