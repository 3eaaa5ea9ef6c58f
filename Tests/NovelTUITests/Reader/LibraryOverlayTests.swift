import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The library overlay: `L` asks the host for the shelf, the listed books are shown with the one being
/// read marked, Enter on another asks the host to open it, and the opened book shows at its own place.
@Suite struct LibraryOverlayTests {
    static let shelf = [
        Shelf.Book(
            title: "sample", path: "/books/sample.txt", percent: 12,
            lastRead: Date(timeIntervalSince1970: 1_800_000_000)),
        Shelf.Book(
            title: "水浒传", path: "/books/shz.txt", percent: 40.5, lastRead: Date(timeIntervalSince1970: 1_799_000_000),
            minutesLeft: 185),
        Shelf.Book(title: "西游记", path: "/books/xyj.txt"),
    ]

    @Test func theKeyOpensTheOverlayAndAsksForTheShelfOfTheFolderSetting() {
        var settings = Settings()
        settings.libraryFolder = "~/books"
        var reader = makeReader(settings: settings)
        #expect(reader.press("L") == [.listLibrary(folder: "~/books")])
        #expect(reader.overlay == .library(LibraryOverlay()))
        #expect(reader.screen().textRows.contains { $0.contains("Listing…") })
    }

    @Test func theListedBooksShowWithTheOneBeingReadMarkedAndTheNextSelected() {
        var reader = makeReader()
        reader.press("L")
        reader.showLibrary(Self.shelf, current: "/books/sample.txt", problems: [])
        #expect(reader.overlay == .library(LibraryOverlay(books: Self.shelf, selected: 1, current: 0)))
        reader.press("Down")
        #expect(reader.overlay == .library(LibraryOverlay(books: Self.shelf, selected: 2, current: 0)))
        #expect(reader.press("Enter") == [.openBook(path: "/books/xyj.txt")])
        #expect(reader.overlay == nil)
    }

    @Test func enterOnTheBookBeingReadOrEscapeJustCloses() {
        var reader = makeReader()
        reader.press("L")
        reader.showLibrary(Self.shelf, current: "/books/sample.txt", problems: [])
        reader.press("Up")
        #expect(reader.press("Enter") == [])
        #expect(reader.overlay == nil)
        reader.press("L")
        reader.showLibrary(Self.shelf, current: "/books/sample.txt", problems: [])
        #expect(reader.press("Esc") == [])
        #expect(reader.overlay == nil)
    }

    @Test func aListingThatArrivesAfterTheOverlayClosedIsIgnoredAndProblemsAreShown() {
        var reader = makeReader()
        reader.showLibrary(Self.shelf, current: "", problems: [])
        #expect(reader.overlay == nil)
        reader.press("L")
        reader.showLibrary([], current: "", problems: ["cannot read the folder /nowhere", "b.txt: binary"])
        #expect(reader.message == "cannot read the folder /nowhere (and 1 more)")
        #expect(reader.screen().textRows.contains { $0.contains("No books yet") })
    }

    @Test func aClickOnARowOpensThatBook() {
        var reader = makeReader()
        reader.press("L")
        reader.showLibrary(Self.shelf, current: "/books/sample.txt", problems: [])
        // The title is on row 0, the books from row 1.
        #expect(reader.handle(.click(row: 2, column: 5), now: 0) == [.openBook(path: "/books/shz.txt")])
    }

    @Test func theRowsSayProgressLastReadAndTimeLeft() {
        #expect(Reader.libraryInfo(Self.shelf[2]) == "new")
        let info = Reader.libraryInfo(Self.shelf[1])
        #expect(info.hasPrefix("40%  2027-01-"))
        #expect(info.hasSuffix("  3 h 5 min left"))
    }

    @Test func aSwitchedBookOpensAtItsOwnPlaceWithTheSameSettingsAndSize() {
        var settings = Settings()
        settings.lineSpacing = 1
        var reader = makeReader(columns: 50, rows: 20, settings: settings)
        reader.press("Space", "Space")
        let other = TestBooks.book(
            "第一章　开始\n\n" + String(repeating: "　　正文一段，写得很长很长。\n\n", count: 200), path: "/books/other.txt", title: "other"
        )
        var state = BookState(fingerprint: other.fingerprint, title: "other", lastPath: other.path)
        let place = other.text.utf8.count / 2
        state.position = BookmarkFactory.position(book: other, offset: place)
        reader.switchBook(other, state: state)
        #expect(reader.book.path == "/books/other.txt")
        #expect(reader.settings == settings)
        #expect(reader.columns == 50 && reader.rows == 20)
        #expect(reader.isOnScreen(place..<place + 1))
        #expect(reader.overlay == nil)
    }
}
