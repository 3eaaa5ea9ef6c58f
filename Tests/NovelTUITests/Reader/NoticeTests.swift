import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// What opening a book found, in the status bar: an EPUB's missing members (`EpubFacts.notice`) and the
/// session's warnings (`Reader.tell`), each shown once, until the next key, none lost to the one after it.
@Suite struct NoticeTests {
    /// The sample book as an EPUB whose archive lacks `missing`.
    static func book(missing: [String]) -> Book {
        var book = sampleBook
        var facts = EpubFacts(version: "3.0", authors: [], language: "zh", sources: EpubSourceMap())
        facts.missingMembers = missing
        book.epub = facts
        return book
    }

    static func bottomRow(_ reader: Reader) -> String {
        reader.screen().textRows.last ?? ""
    }

    @Test func aMissingMemberIsToldOnceWhenTheBookOpens() {
        var reader = makeReader(columns: 80, rows: 24, book: Self.book(missing: ["OEBPS/c2.xhtml"]))
        #expect(reader.message == "OEBPS/c2.xhtml is missing from the archive; the book is read without it")
        #expect(Self.bottomRow(reader).hasPrefix("OEBPS/c2.xhtml is missing from the archive"))
        reader.press("Space")
        #expect(reader.message == nil)
        #expect(!Self.bottomRow(reader).contains("missing"), "gone after a key")
        reader.press("Space", "Space", "b")
        #expect(!Self.bottomRow(reader).contains("missing"), "not on every page")
    }

    @Test func severalMissingMembersAreOneNoticeNamingTheFirst() {
        let reader = makeReader(book: Self.book(missing: ["OEBPS/c2.xhtml", "OEBPS/c3.xhtml", "OEBPS/notes.xhtml"]))
        #expect(
            reader.message
                == "OEBPS/c2.xhtml and 2 more are missing from the archive; the book is read without them")
    }

    @Test func aBookWithNothingMissingTellsNothing() {
        var book = sampleBook
        book.epub = EpubFacts(version: "3.0", authors: [], language: "zh", sources: EpubSourceMap())
        #expect(makeReader(book: book).message == nil)
    }

    @Test func noticesToldTogetherAreShownInTurn() {
        var reader = makeReader(book: Self.book(missing: ["OEBPS/c2.xhtml"]))
        reader.tell(["state file damaged", "settings: bad value"])
        #expect(reader.message?.hasPrefix("OEBPS/c2.xhtml") == true)
        reader.press("Space")
        #expect(reader.message == "state file damaged")
        reader.press("Space")
        #expect(reader.message == "settings: bad value")
        reader.press("Space")
        #expect(reader.message == nil)
    }

    @Test func aKeysOwnMessageKeepsTheRestWaiting() {
        var reader = makeReader(book: Self.book(missing: ["OEBPS/c2.xhtml"]))
        reader.tell(["state file damaged"])
        reader.press("b")  // back from the first page
        #expect(reader.message == "Start of the book")
        reader.press("Space")
        #expect(reader.message == "state file damaged")
    }

    @Test func aReloadTellsWhatTheNewFileLacksAfterTheChange() {
        var reader = makeReader(book: sampleBook)
        reader.reload(Self.book(missing: ["OEBPS/c2.xhtml"]), state: nil)
        #expect(reader.message == "The file changed: reloaded")
        reader.press("Space")
        #expect(reader.message?.hasPrefix("OEBPS/c2.xhtml is missing") == true)
    }

    @Test func anotherBookFromTheLibraryTellsItsOwn() {
        var reader = makeReader(book: sampleBook)
        #expect(reader.message == nil)
        reader.switchBook(Self.book(missing: ["OEBPS/c2.xhtml"]), state: nil)
        #expect(reader.message?.hasPrefix("OEBPS/c2.xhtml is missing") == true)
    }
}
