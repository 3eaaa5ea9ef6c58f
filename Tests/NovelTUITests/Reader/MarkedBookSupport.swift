import NovelCore
import NovelTestSupport

@testable import NovelTUI

/// A book with markup made by hand, as an EPUB's would be: emphasis in English and Chinese text, a note
/// reference whose note is in the notes at the end, a link to another chapter and a link out of the book.
enum MarkedBook {
    static let plain: Book = {
        let filler = [
            "The fields lay grey under the rain, and the ditches ran full to the brim all along the way.",
            "雾气从谷底升起，远处传来钟声，山路弯弯，他走得很慢。",
            "Nobody met him on the road; the carts had stopped running a week before the frost.",
        ]
        var text = "The Lamp\n\nChapter 1 The Road\n\n"
        text += "He walked the long road home, and the wind was cold.[1] The house stood at the end of the "
        text += "lane, its lamp lit. See the map in chapter two for the way, or the song at example.com.\n\n"
        text += "他把旧信折好，放进怀里，心想明日便要启程。\n\n"
        for paragraph in 0..<8 { text += filler[paragraph % filler.count] + "\n\n" }
        text += "Chapter 2 The Map\n\n"
        for paragraph in 0..<6 { text += filler[(paragraph + 1) % filler.count] + "\n\n" }
        text += "Chapter 3 Notes\n\n"
        text += "[1] The wind came from the north that winter, as it always did in the hills, and it "
        text += "brought snow before the end of the month; the old people said they had never known it so early.\n"
        return TestBooks.book(text, path: "books/lamp.epub", title: "The Lamp")
    }()

    static func range(_ needle: String, _ occurrence: Int = 0) -> Range<Int> {
        TestBooks.byteRange(of: needle, in: plain, occurrence: occurrence)
    }

    static let markup = BookMarkup(
        styles: [
            StyledRange(range: range("long road"), style: .italic),
            StyledRange(range: range("wind"), style: .bold),
            StyledRange(range: range("lamp lit"), style: [.bold, .italic]),
            StyledRange(range: range("旧信"), style: .underline),
        ],
        links: [
            BookLink(range: range("[1]"), target: range("[1]", 1).lowerBound, isNote: true),
            BookLink(range: range("the map in chapter two"), target: range("Chapter 2").lowerBound, isNote: false),
            BookLink(range: range("example.com"), target: nil, isNote: false),
        ])

    static let book: Book = {
        var book = plain
        book.markup = markup
        return book
    }()

    /// The index in `markup.links` of the note reference, the chapter link and the link out.
    static let note = 0
    static let chapterLink = 1
    static let outLink = 2
}
