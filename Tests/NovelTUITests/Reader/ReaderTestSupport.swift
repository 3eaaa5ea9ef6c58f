import NovelCore
import NovelTestSupport

@testable import NovelTUI

/// A small book with five chapters, long enough for several pages per chapter at 37×12; each chapter
/// mentions "lamp" once so searches cross chapters.
let sampleBook: Book = {
    let numerals = ["一", "二", "三", "四", "五"]
    let sentences = [
        "夜深了，青灯照着书页，窗外的雨声一阵紧似一阵。",
        "他把旧信折好，放进怀里，心想明日便要启程。",
        "Mixed text: the quick brown fox jumps over the lazy dog.",
        "山路弯弯，雾气从谷底升起，远处传来钟声。",
    ]
    var text = "青灯记\n\n"
    for (chapter, numeral) in numerals.enumerated() {
        text += "第\(numeral)章 雨夜\(chapter + 1)\n\n"
        for paragraph in 0..<6 {
            var body = ""
            for sentence in 0..<3 { body += sentences[(chapter + paragraph + sentence) % sentences.count] }
            if paragraph == 3 { body += "The lamp was lit." }
            text += "　　" + body + "\n\n"
        }
    }
    return makeBook(text)
}()

func makeBook(_ string: String) -> Book {
    TestBooks.book(string, path: "books/sample.txt", title: "sample")
}

func makeReader(
    columns: Int = 37, rows: Int = 12, settings: Settings = Settings(), state: BookState? = nil,
    start: ReaderStart = .saved, book: Book = sampleBook, rules: CleaningRules = CleaningRules()
) -> Reader {
    Reader(book: book, settings: settings, state: state, columns: columns, rows: rows, start: start, rules: rules)
}

extension Reader {
    /// Sends keys named as in the keymap (`"Space"`, `"j"`, `"Enter"`), or typed text for `type`.
    @discardableResult
    mutating func press(_ names: String..., now: Double = 0) -> [ReaderAction] {
        names.flatMap { handle(KeyName.event($0)!, now: now) }
    }

    @discardableResult
    mutating func type(_ text: String) -> [ReaderAction] {
        text.flatMap { handle(.key(.character($0)), now: 0) }
    }

    var entry: Int { currentEntry }
}
