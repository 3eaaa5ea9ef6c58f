import Testing

@testable import NovelCore

/// English body headings in the forms downloaded English novels have, and the lines that only look
/// like them. Every book here is written for the test, wrapped at about seventy columns as
/// Gutenberg-style texts are.
struct EnglishHeadingTests {
    typealias Book = ChapterTestBook

    /// Two wrapped paragraphs of prose.
    static let prose = """
        The rain had kept on since morning, and the lane below the house was a
        brown stream that carried leaves and twigs down towards the mill.

        Nobody in the kitchen spoke of the letter, although everyone had read
        it twice, and the kettle sang on the hob for a long time unattended.


        """

    /// The entries of `text` that come from headings.
    func titles(_ text: String) throws -> [String] {
        try Book.headings(text).map(\.title)
    }

    @Test(arguments: [
        (["Chapter I", "Chapter II", "Chapter III"], [1, 2, 3]),
        (["CHAPTER XII.", "CHAPTER XIII.", "CHAPTER XIV."], [12, 13, 14]),
        (["Chapter 12", "Chapter 13", "Chapter 14"], [12, 13, 14]),
        (["CHAPTER ONE", "CHAPTER TWO", "CHAPTER TWENTY-ONE"], [1, 2, 21]),
        (["Chapter the First", "Chapter the Second", "Chapter the Twenty-Third"], [1, 2, 23]),
        (["Letter 1", "Letter 2", "LETTER III"], [1, 2, 3]),
    ])
    func wordedChapterHeadings(headings: [String], numbers: [Int]) throws {
        let text = "THE BOOK\n\n" + headings.map { $0 + "\n\n" + Self.prose }.joined()
        let found = try Book.headings(text)
        #expect(found.map(\.title) == headings)
        #expect(found.map(\.number) == numbers)
        #expect(found.allSatisfy { $0.kind == .chapter })
    }

    @Test(arguments: [". ", ": ", " — ", " - "])
    func aTitleOnTheHeadingsLine(separator: String) throws {
        let headings = [
            "Chapter 1\(separator)The Mill", "Chapter 2\(separator)The Letter", "Chapter 3\(separator)Rain",
        ]
        #expect(try titles(headings.map { $0 + "\n\n" + Self.prose }.joined()) == headings)
    }

    @Test func aTitleOnTheNextOneOrTwoLines() throws {
        let text =
            "CHAPTER I.\n\nTHE COCKEREL ON THE ROOF\n\n\n" + Self.prose
            + "CHAPTER II.\nIn Which a Letter Comes\nfrom the Bishop\n\n" + Self.prose
            + "CHAPTER III.\n\n" + Self.prose
        let found = try Book.headings(text)
        #expect(
            found.map(\.title) == [
                "CHAPTER I. THE COCKEREL ON THE ROOF", "CHAPTER II. In Which a Letter Comes from the Bishop",
                "CHAPTER III.",
            ])
        // The title lines belong to the heading; the chapter's text starts after them.
        let first = try #require(found.first)
        #expect(
            Book.slice(text, first.bodyStart..<first.range.upperBound).trimmingCharacters(in: .newlines).hasPrefix(
                "The rain"))
        // Prose right after a heading is never its title (CHAPTER III's first line).
        #expect(Book.slice(text, found[2].bodyStart..<found[2].range.upperBound).contains("The rain"))
    }

    @Test func romanNumeralsAloneWithTitlesInCapitals() throws {
        let text =
            "THE TIDE\n\n\n"
            + ["I", "II.", "III", "IV."].enumerated().map { index, numeral in
                "                              \(numeral)\n\n                    THE \(["SEA", "SHORE", "WRECK", "HARBOUR"][index])\n\n"
                    + Self.prose
            }.joined()
        let found = try Book.headings(text)
        #expect(found.map(\.title) == ["I. THE SEA", "II. THE SHORE", "III. THE WRECK", "IV. THE HARBOUR"])
        #expect(found.map(\.number) == [1, 2, 3, 4])
        #expect(try Book.index(text).ruleName == "english")
    }

    @Test func romanNumeralsAloneWithoutTitles() throws {
        let text = ["I", "II", "III"].map { "\($0)\n\n" + Self.prose }.joined()
        #expect(try titles(text) == ["I", "II", "III"])
    }

    @Test func volumesAndTheirChapters() throws {
        let text = [
            "BOOK I\n\n", "Chapter 1\n\n", "Chapter 2\n\n", "PART ONE\n\nTHE VOYAGE OUT\n\n", "Chapter 3\n\n",
            "Part the Second\n\n", "Chapter 4\n\n", "VOLUME II\n\n", "Chapter 5\n\n",
        ].map { $0 + Self.prose }.joined()
        let index = try Book.index(text)
        #expect(
            index.entries.filter { $0.level == .volume }.map(\.title) == [
                "BOOK I", "PART ONE. THE VOYAGE OUT", "Part the Second", "VOLUME II",
            ])
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.map(\.number) == [1, 2, 3, 4, 5])
        #expect(chapters.map { $0.volumeIndex.map { index.entries[$0].number } } == [1, 1, 1, 2, 2])
    }

    @Test(arguments: [
        "PREFACE", "INTRODUCTION", "Prologue", "ETYMOLOGY", "EXTRACTS", "EPILOGUE", "Conclusion", "AFTERWORD",
        "APPENDIX", "NOTES", "Preface to the Second Edition.", "PREFACE TO THE SECOND EDITION",
    ])
    func namedSectionsAreUnitsOfTheirOwn(name: String) throws {
        let text = "\(name)\n\n" + Self.prose + "CHAPTER I.\n\n" + Self.prose + "CHAPTER II.\n\n" + Self.prose
        let found = try Book.headings(text)
        #expect(found.map(\.title) == [name, "CHAPTER I.", "CHAPTER II."])
        #expect(found.first?.kind == .special)
    }

    @Test func aHeadingInsideAnIllustrationCaption() throws {
        let text =
            "[Illustration:\n\n        ·THE WEATHER VANE·\n\n                Chapter I.]\n\n\n" + Self.prose
            + "[Illustration: Chapter II.]\n\n" + Self.prose + "CHAPTER III.\n\n" + Self.prose
        let found = try Book.headings(text)
        #expect(found.map(\.title) == ["Chapter I.", "Chapter II.", "CHAPTER III."])
        #expect(found.map(\.number) == [1, 2, 3])
        // Each chapter starts on its heading's line and its text after it.
        #expect(Book.slice(text, found[0].range.lowerBound..<found[0].bodyStart).contains("Chapter I.]"))
        #expect(
            Book.slice(text, found[1].range.lowerBound..<found[1].bodyStart).hasPrefix("[Illustration: Chapter II.]"))
    }

    // MARK: Decoys

    @Test func aSentenceThatStartsWithAHeadingWordIsText() throws {
        let text =
            "CHAPTER I.\n\n" + Self.prose
            + "Chapter two was found, and she glanced at its opening sentences.\n"
            + "Book after book came down from the shelf before the dust settled.\n"
            + "Part of the roof had gone in the night, and nobody had heard it.\n"
            + "Letter by letter she spelled the name out for the clerk.\n"
            + "Notes were passed along the pew until the vicar looked up.\n\n"
            + "CHAPTER II.\n\n" + Self.prose
        #expect(try titles(text) == ["CHAPTER I.", "CHAPTER II."])
    }

    @Test func aLoneIOfVerseOrDialogueIsText() throws {
        let text =
            "I\n\n" + Self.prose + "\"Who was it, then?\"\n\n\"I--\"\n\nI\n\nsaid nothing more.\n\n"
            + "          And I\n          alone\n\n" + "II\n\n" + Self.prose
        #expect(try titles(text) == ["I", "II"])
    }

    @Test func romanNumberedStanzasInsideAChapterAreText() throws {
        let stanzas =
            "I\n\nThe wind came over the moor,\nAnd the vane would not turn.\n\nII\n\nThe sea lay under the cloud,\nAnd the boats did not return.\n\nIII\n\nSo the bell rang out at noon.\n\n"
        // Inside chapters headed by words, and inside chapters headed by numerals.
        let worded =
            "CHAPTER I.\n\n" + Self.prose + "CHAPTER II.\n\n" + Self.prose + stanzas + Self.prose + "CHAPTER III.\n\n"
            + Self.prose
        #expect(try titles(worded) == ["CHAPTER I.", "CHAPTER II.", "CHAPTER III."])
        let numerals = ["I", "II", "III", "IV"].map { "\($0)\n\n" + Self.prose + Self.prose }
        let text = numerals[0] + numerals[1] + stanzas + Self.prose + numerals[2] + numerals[3]
        let found = try Book.headings(text)
        #expect(found.map(\.number) == [1, 2, 3, 4])
        #expect(Book.slice(text, found[1].range).contains("So the bell rang"))
        // Roman-numbered list items are the same: `I. Flour` is no chapter inside chapter II.
        let items = "I. Flour\nII. Sugar\nIII. Eggs\n\n"
        let withItems = numerals[0] + numerals[1] + items + numerals[2] + numerals[3]
        #expect(try Book.headings(withItems).map(\.number) == [1, 2, 3, 4])
    }

    @Test func aLoneChapterColumnHeaderIsText() throws {
        let text = "CHAPTER\n\n" + Self.prose + "CHAPTER                                   PAGE\n\n" + Self.prose
        #expect(try titles(text).isEmpty)
    }
}
