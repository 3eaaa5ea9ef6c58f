import NovelTestSupport
import Testing

@testable import NovelCore

/// A note is its target's paragraph (one line of the book's text), as EPUB books set their notes:
/// pandoc's list of notes ("1. text"), an aside per note, a marker on a line of its own.
@Suite struct NoteTextTests {
    static let text = """
        Chapter 1

        He spoke of Arcturus.[1] Then he left.[2]

        Notes

        1. A star in the constellation Boötes, the brightest of the northern sky.
        [2]
        He came back the next spring.
        〔3〕
        注释：典出《史记》。

        Last line without a feed
        """

    static let book = TestBooks.book(text)

    func note(at target: String, occurrence: Int = 0) -> String {
        let start = TestBooks.byteRange(of: target, in: Self.book, occurrence: occurrence).lowerBound
        let link = BookLink(range: 0..<1, target: start, isNote: true)
        let range = Self.book.noteRange(of: link)!
        return String(decoding: Self.book.text.utf8[range], as: UTF8.self)
    }

    @Test func aNoteIsTheParagraphItsTargetStarts() {
        #expect(note(at: "1. A star") == "1. A star in the constellation Boötes, the brightest of the northern sky.")
    }

    @Test func aMarkerAloneOnItsLineTakesTheNextLineWithIt() {
        #expect(note(at: "[2]", occurrence: 1) == "[2]\nHe came back the next spring.")
        #expect(note(at: "〔3〕") == "〔3〕\n注释：典出《史记》。")
    }

    @Test func theLastLineEndsAtTheEndOfTheText() {
        #expect(note(at: "Last line") == "Last line without a feed")
    }

    @Test func aTargetAtALineEndGoesOnToTheNextLineWithText() {
        let end = TestBooks.byteRange(of: "Then he left.[2]", in: Self.book).upperBound
        let range = NoteText.range(from: end, in: Self.book.text.utf8)
        #expect(String(decoding: Self.book.text.utf8[range], as: UTF8.self) == "Notes")
    }

    @Test func aLinkThatIsNoNoteOrLeadsOutHasNoNoteText() {
        #expect(Self.book.noteRange(of: BookLink(range: 0..<1, target: 10, isNote: false)) == nil)
        #expect(Self.book.noteRange(of: BookLink(range: 0..<1, target: nil, isNote: true)) == nil)
    }

    @Test func aLongParagraphIsCutAtAScalarStart() {
        let long = String(repeating: "长", count: NoteText.maximumBytes)  // three bytes each
        let book = TestBooks.book("注\n" + long + "\n")
        let range = NoteText.range(from: 4, in: book.text.utf8)
        #expect(range.count <= NoteText.maximumBytes)
        #expect(range.count > NoteText.maximumBytes - 3)
        #expect(range.count % 3 == 0)
    }

    @Test func targetsPastTheEndAreClamped() {
        #expect(NoteText.range(from: 10_000, in: Self.book.text.utf8).isEmpty)
        #expect(NoteText.range(from: -5, in: Self.book.text.utf8) == 0..<9)
    }
}
