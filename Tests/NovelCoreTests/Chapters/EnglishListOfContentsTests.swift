import Testing

@testable import NovelCore

/// English lists of contents in the forms downloaded English novels have them: never chapters, found by
/// the same structural check as Chinese lists, and their text kept readable as front matter.
struct EnglishListOfContentsTests {
    typealias Book = ChapterTestBook

    static let prose = EnglishHeadingTests.prose

    /// The chapters of `front + body`: each must start at its body heading, none may come from the list,
    /// and the list stays in the front entry.
    func bodyChapters(front: String, body: String) throws -> [TOCEntry] {
        let text = front + body
        let index = try Book.index(text)
        #expect(index.ruleName == "english")
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.allSatisfy { $0.range.lowerBound >= front.utf8.count })
        let frontEntry = try #require(index.entries.first)
        #expect(frontEntry.kind == .front || frontEntry.range.upperBound == front.utf8.count)
        #expect(frontEntry.range.upperBound == front.utf8.count)
        return chapters
    }

    @Test func oneChapterWithItsTitleALine() throws {
        let titles = [
            "The Bertolini", "In Santa Croce with No Baedeker", "Music, Violets, and the Letter S", "Fourth Chapter",
        ]
        let numerals = ["I", "II", "III", "IV"]
        let front =
            "A ROOM OF OUR OWN\n\nContents\n\n" + zip(numerals, titles).map { "Chapter \($0). \($1)\n" }.joined()
            + "\n\n"
        let body = zip(numerals, titles).map { "Chapter \($0)\n\n\($1)\n\n" + Self.prose }.joined()
        let chapters = try bodyChapters(front: front, body: body)
        #expect(chapters.map(\.title) == zip(numerals, titles).map { "Chapter \($0). \($1)" })
    }

    @Test(arguments: ["CONTENTS", "Table of Contents"])
    func aHeaderOverBareRomanNumerals(header: String) throws {
        let numerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
        let front = "THE TIDE\n\n\(header)\n\n" + numerals.map { "    \($0)\n" }.joined() + "\n\n\n"
        let body = numerals.map { "\($0)\n\nTHE SEA AT \($0)\n\n" + Self.prose }.joined()
        let chapters = try bodyChapters(front: front, body: body)
        #expect(chapters.map(\.title) == numerals.map { "\($0). THE SEA AT \($0)" })
        #expect(chapters.map(\.number) == Array(1...9))
    }

    @Test func aChapterColumnHeaderOverNumberedTitlesWithParts() throws {
        let first = ["PLAYING PILGRIMS", "A MERRY CHRISTMAS", "THE LAURENCE BOY"]
        let second = ["GOSSIP", "THE FIRST WEDDING"]
        let front =
            "LITTLE HOUSES\n\nCONTENTS\n\nPart First.\n\n    CHAPTER                                    PAGE\n\n"
            + first.enumerated().map { "        \(RomanNumeral.format($0 + 1)). \($1)\n" }.joined()
            + "\nPart Second.\n\n"
            + second.enumerated().map { "        \(RomanNumeral.format($0 + 4)). \($1)\n" }.joined() + "\n\n\n"
        let words = ["ONE", "TWO", "THREE", "FOUR", "FIVE"]
        let body =
            "PART FIRST\n\n\n"
            + first.enumerated().map { "CHAPTER \(words[$0])\n\n\($1)\n\n" + Self.prose }.joined()
            + "PART SECOND\n\n\n"
            + second.enumerated().map { "CHAPTER \(words[$0 + 3])\n\n\($1)\n\n" + Self.prose }.joined()
        let text = front + body
        let index = try Book.index(text)
        #expect(index.entries.filter { $0.level == .volume }.map(\.title) == ["PART FIRST", "PART SECOND"])
        #expect(index.entries.filter { $0.level == .volume }.first?.range.lowerBound == front.utf8.count)
        #expect(
            index.entries.filter { $0.kind == .chapter }.map(\.title)
                == (first + second).enumerated().map { "CHAPTER \(words[$0]). \($1)" })
    }

    @Test func lettersThenChapters() throws {
        let front =
            "THE COLD NORTH\n\nCONTENTS\n\n" + (1...4).map { " Letter \($0)\n" }.joined()
            + (1...6).map { " Chapter \($0)\n" }.joined() + "\n\n\n"
        let body =
            (1...4).map { "Letter \($0)\n\n_To Mrs. Example, England._\n\n" + Self.prose }.joined()
            + (1...6).map { "Chapter \($0)\n\n" + Self.prose }.joined()
        let chapters = try bodyChapters(front: front, body: body)
        #expect(chapters.map(\.number) == [1, 2, 3, 4, 1, 2, 3, 4, 5, 6])
        #expect(chapters.first?.title == "Letter 1. _To Mrs. Example, England._")
        #expect(chapters[4].title == "Chapter 1")
    }

    @Test func aLongListThatTheBodyRepeatsWordForWord() throws {
        let headings = (1...130).map { "CHAPTER \($0). The \(["Road", "Inn", "River", "Hill", "Mill"][$0 % 5]) Again." }
        let front = "A LONG BOOK\n\nCONTENTS\n\n" + headings.map { "\($0)\n" }.joined() + "\n\n"
        let body = headings.map { "\($0)\n\n" + Self.prose }.joined()
        let chapters = try bodyChapters(front: front, body: body)
        #expect(chapters.map(\.title) == headings)
        #expect(chapters.map(\.number) == Array(1...130))
    }

    @Test func theListExplainsItself() throws {
        let front = "CONTENTS\n\n" + ["I", "II", "III"].map { "    \($0)\n" }.joined() + "\n\n"
        let body = ["I", "II", "III"].map { "\($0)\n\nA TITLE\n\n" + Self.prose }.joined()
        let explained = ChapterSplitter().explain(Book.bookText(front + body))
        let dropped = explained.filter { $0.decision == .dropped }
        #expect(dropped.map(\.text) == ["I", "II", "III"])
        #expect(dropped.allSatisfy { $0.reason.hasPrefix("list of contents") })
        #expect(
            explained.filter { $0.decision == .chapter }.map(\.reason).allSatisfy {
                $0.contains("rule english, chapter number")
            })
    }

    @Test func numeralsOutOfSequenceExplainWhy() throws {
        let text = "CHAPTER I.\n\n" + Self.prose + "I\n\nsaid nothing.\n\n" + "CHAPTER II.\n\n" + Self.prose
        let explained = ChapterSplitter().explain(Book.bookText(text))
        let numeral = try #require(explained.first { $0.text == "I" })
        #expect(numeral.decision == .dropped)
        #expect(numeral.reason.contains("headed by words"))
    }
}
