import Foundation
import Testing

@testable import NovelCore

/// The English list-of-contents forms that real books have and the plain forms do not: entries with page
/// numbers, entries that carry a description, lists one after another, named sections listed in the front
/// matter and named again in the body, and illustration markers at a heading. Every book is written for
/// the test and wrapped ragged, as real tools wrap: a line ends where the next word does not fit, at a
/// width drawn (seeded) between 58 and 76 columns.
struct EnglishContentsFormsTests {
    typealias Book = ChapterTestBook

    static let sentences = [
        "The rain had come on again before the coach reached the village, and the driver said nothing for an hour.",
        "There was a light in the window of the parlour, and a dog barked somewhere behind the stables.",
        "Nobody in the kitchen spoke of the letter, although everyone had read it twice over.",
        "The kettle sang on the hob for a long time unattended while the widow counted the spoons.",
        "By morning the lane below the house was a brown stream that carried leaves down to the mill.",
    ]

    /// `text` wrapped ragged at `width`: each line takes words while the next one fits.
    static func wrapped(_ text: String, width: Int, indent: String = "") -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

    /// A seeded generator (a linear congruential one), so that every run writes the same book.
    struct Seeded {
        var state: UInt64

        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
    }

    /// Two to four paragraphs of prose, each wrapped ragged at its own width.
    static func prose(_ seed: Int) -> String {
        var random = Seeded(state: UInt64(seed) &* 7_919 &+ 17)
        return (0..<random.next(2...4)).map { paragraph in
            let sentences = (0..<random.next(2...4)).map {
                Self.sentences[(seed + paragraph + $0) % Self.sentences.count]
            }
            return wrapped(sentences.joined(separator: " "), width: random.next(58...76))
        }.joined(separator: "\n\n") + "\n\n\n"
    }

    static let titles = [
        "The Arrival", "A Wet Night at the Inn", "The Farm Beyond the Hill", "Mr. Hale Explains", "Departure",
    ]
    static let descriptions = [
        "In which Mr. Hale arrives at the inn and finds it full of drovers on their way to the fair",
        "Shows how a wet night may end in a quarrel",
        "The farm, the widow, and the dog that would not bark at anybody who came to the gate after dark",
        "Mr. Hale explains himself, though nobody asked him to, and the widow listens",
        "A departure at dawn",
    ]
    static let numerals = ["I", "II", "III", "IV", "V"]
    static let header =
        "The Project Gutenberg eBook of The Inn\n\n*** START OF THE PROJECT GUTENBERG EBOOK THE INN ***\n\n\n\n\nTHE INN\n\nBy A. Writer\n\n\n\n"
    static let footer = "*** END OF THE PROJECT GUTENBERG EBOOK THE INN ***\n"

    /// The body: `CHAPTER I.`, its title in capitals two lines under it, then prose.
    static var body: String {
        zip(numerals, titles).enumerated().map { "CHAPTER \($1.0).\n\n\($1.1.uppercased())\n\n\n" + prose($0) }.joined()
    }

    /// The titles and first lines of the entries of `text` made from headings (not the front matter or the
    /// licence footer).
    static func headings(_ text: String) throws -> [(title: String, line: Int)] {
        try Book.headings(text).filter { !$0.title.hasPrefix("END OF THE PROJECT") }
            .map { ($0.title, Book.line(text, $0.range.lowerBound)) }
    }

    /// The 1-based numbers of the lines that read `line` once trimmed, after the line `after`.
    static func lines(_ line: String, in text: String, after: Int = 0) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset + 1 > after && $0.element.trimmingCharacters(in: .whitespaces) == line }.map {
                $0.offset + 1
            }
    }

    static let bodyTitles = zip(numerals, titles).map { "CHAPTER \($0). \($1.uppercased())" }

    // MARK: Page numbers

    /// A list entry with its page number: after dotted leaders, spaced dots, or a wide space under a
    /// `CHAPTER … PAGE` column header (a numeral and a title in capitals).
    static func pagedEntry(form: Int, _ numeral: String, _ title: String, page: Int) -> String {
        switch form {
        case 0: "   CHAPTER \(numeral). \(title) " + String(repeating: ".", count: 44 - title.count) + " \(page)"
        case 1: "CHAPTER \(numeral).  \(title)" + String(repeating: " .", count: (40 - title.count) / 2) + "   \(page)"
        default: "      \(numeral). " + title.uppercased() + String(repeating: " ", count: 36 - title.count) + "\(page)"
        }
    }

    @Test(arguments: 0..<3)
    func pageNumbersInTheListAreNoPartOfATitle(form: Int) throws {
        let pages = [1, 14, 29, 41, 58]
        let list =
            "CONTENTS\n\nCHAPTER                                           PAGE\n\n"
            + (0..<5).map { Self.pagedEntry(form: form, Self.numerals[$0], Self.titles[$0], page: pages[$0]) + "\n" }
            .joined() + "\n\n\n"
        // Bare body headings over prose: each takes its title from the list, without the page number.
        let body = Self.numerals.enumerated().map { "CHAPTER \($1).\n\n" + Self.prose($0 + 10) }.joined()
        let text = Self.header + list + body + Self.footer
        let found = try Self.headings(text)
        #expect(found.map(\.line) == Self.numerals.compactMap { Self.lines("CHAPTER \($0).", in: text).last })
        #expect(
            found.map(\.title)
                == zip(Self.numerals, Self.titles).map { "CHAPTER \($0). " + (form == 2 ? $1.uppercased() : $1) })
    }

    @Test func aNumberAfterOneSpaceStaysInTheTitle() throws {
        let text = "CHAPTER I. The Year 1812\n\n" + Self.prose(1) + "CHAPTER II. Pages 12\n\n" + Self.prose(2)
        #expect(try Self.headings(text).map(\.title) == ["CHAPTER I. The Year 1812", "CHAPTER II. Pages 12"])
    }

    // MARK: Entries with descriptions

    /// Each entry is followed at once by a description of one to four lines (wrapped ragged, indented or
    /// not): the list is one, however long the descriptions, and the body's chapters are the entries.
    @Test(arguments: [(26, ""), (40, "    "), (52, "  "), (70, "")])
    func entriesWithDescriptions(width: Int, indent: String) throws {
        let list =
            "CONTENTS\n\n"
            + zip(Self.numerals, Self.descriptions).map {
                "CHAPTER \($0).\n" + Self.wrapped($1, width: width, indent: indent) + "\n\n"
            }.joined() + "\n\n"
        let text = Self.header + list + Self.body + Self.footer
        let found = try Self.headings(text)
        #expect(found.map(\.title) == Self.bodyTitles)
        let bodyStart = try #require(Self.lines("CHAPTER I.", in: text).last)
        #expect(found.map(\.line) == Self.numerals.compactMap { Self.lines("CHAPTER \($0).", in: text).last })
        #expect(found.allSatisfy { $0.line >= bodyStart })
    }

    /// Titles wrapped into the description, in capitals, one entry broken after its `CHAPTER` (the
    /// shape an HTML conversion leaves): still one list.
    @Test func entriesWhoseTitlesWrapAndOneBrokenAfterItsWord() throws {
        let list =
            "CONTENTS\n\n\n"
            + zip(Self.numerals, Self.descriptions).enumerated().map { index, entry in
                let description = entry.1.uppercased()
                if index == 2 { return "CHAPTER\n" + Self.wrapped("\(entry.0) \(description)", width: 74) + "\n\n" }
                return Self.wrapped("CHAPTER \(entry.0) \(description)", width: 74 - index * 4) + "\n\n"
            }.joined() + "\n\n"
        let text = Self.header + list + Self.body + Self.footer
        let found = try Self.headings(text)
        #expect(found.map(\.title) == Self.bodyTitles)
        #expect(found.map(\.line) == Self.numerals.compactMap { Self.lines("CHAPTER \($0).", in: text).last })
    }

    /// Two lists one after the other (one per volume), then the body: neither list gives a chapter.
    @Test func aListPerVolumeOneAfterTheOther() throws {
        let list = { (volume: String) in
            "CONTENTS VOLUME \(volume)\n\n" + Self.numerals.prefix(3).map { "CHAPTER \($0). THE ROAD \($0)\n" }.joined()
                + "\n"
        }
        let volume = { (name: String, seed: Int) in
            "VOLUME \(name)\n\n\n"
                + Self.numerals.prefix(3).enumerated().map {
                    "CHAPTER \($1). THE ROAD \($1)\n\n" + Self.prose(seed + $0)
                }.joined()
        }
        let text = Self.header + list("I") + list("II") + "\n\n" + volume("I", 1) + volume("II", 5) + Self.footer
        let found = try Self.headings(text)
        let roads = Self.numerals.prefix(3).map { "CHAPTER \($0). THE ROAD \($0)" }
        #expect(found.map(\.title) == ["VOLUME I"] + roads + ["VOLUME II"] + roads)
        let bodyStart = try #require(Self.lines("VOLUME I", in: text).first)
        #expect(found.allSatisfy { $0.line >= bodyStart })
    }

    /// A list of parts, books and chapters whose epilogue has chapters of its own (`Epilogue`,
    /// `Chapter I`): the list ends after the epilogue's chapters.
    @Test func anEpilogueWithItsOwnChaptersInAListOfParts() throws {
        let list =
            "Contents\n\n Part I\n Book I. The Family\n"
            + Self.numerals.prefix(3).map { " Chapter \($0). A Visit \($0)\n" }.joined()
            + " Book II. The Town\n" + Self.numerals.prefix(2).map { " Chapter \($0). A Walk \($0)\n" }.joined()
            + "\n Epilogue\n" + Self.numerals.prefix(2).map { " Chapter \($0). An End \($0)\n" }.joined()
            + "\n Footnotes\n\n\n\n"
        let body =
            "PART I\n\n\n\nBook I. The Family\n\n\n\n"
            + Self.numerals.prefix(3).enumerated().map { "Chapter \($1).\nA Visit \($1)\n\n\n" + Self.prose($0) }
            .joined()
            + "Book II. The Town\n\n\n\n"
            + Self.numerals.prefix(2).enumerated().map { "Chapter \($1).\nA Walk \($1)\n\n\n" + Self.prose($0 + 3) }
            .joined()
            + "EPILOGUE\n\n\n\n"
            + Self.numerals.prefix(2).enumerated().map { "Chapter \($1).\nAn End \($1)\n\n\n" + Self.prose($0 + 5) }
            .joined()
        let text = Self.header + list + body + Self.footer
        let found = try Self.headings(text)
        let visits: [String] = Self.numerals.prefix(3).map { "Chapter \($0). A Visit \($0)" }
        let walks: [String] = Self.numerals.prefix(2).map { "Chapter \($0). A Walk \($0)" }
        let ends: [String] = Self.numerals.prefix(2).map { "Chapter \($0). An End \($0)" }
        let expected: [String] =
            ["PART I", "Book I. The Family"] + visits + ["Book II. The Town"] + walks + ["EPILOGUE"] + ends
        #expect(found.map(\.title) == expected)
        let bodyStart = try #require(Self.lines("PART I", in: text).first)
        #expect(found.first?.line == bodyStart)
    }

    // MARK: Named sections

    /// Moby-Dick's shape: the list names `ETYMOLOGY.`, `EXTRACTS (…)`, the chapters and the epilogue; a
    /// transcriber's note; the body's `ETYMOLOGY.`, then `EXTRACTS. (…)` whose introduction is followed
    /// by a bare `EXTRACTS.` over the extracts themselves. Each section is one entry, at the body.
    @Test func sectionsListedInFrontAndNamedAgainInTheBody() throws {
        let chapters = ["Loomings.", "The Carpet-Bag.", "The Spouter-Inn."]
        let list =
            "CONTENTS\n\nETYMOLOGY.\n\nEXTRACTS (Supplied by a Sub-Sub-Librarian).\n\n"
            + chapters.enumerated().map { "CHAPTER \($0 + 1). \($1)\n\n" }.joined() + "Epilogue\n\n\n\n\n"
            + "Original Transcriber’s Notes:\n\n\n\n"
            + Self.wrapped(Self.sentences.prefix(3).joined(separator: " "), width: 70) + "\n\n\n\n\n"
        let body =
            "  ETYMOLOGY.\n\n\n  (Supplied by a Late Consumptive Usher to a Grammar School.)\n\n" + Self.prose(1)
            + "  EXTRACTS. (Supplied by a Sub-Sub-Librarian).\n\n\n\n" + Self.prose(2) + "EXTRACTS.\n\n" + Self.prose(3)
            + chapters.enumerated().map { "CHAPTER \($0 + 1). \($1)\n\n" + Self.prose($0 + 4) }.joined()
            + "Epilogue\n\n" + Self.prose(9)
        let text = Self.header + list + body + Self.footer
        let found = try Self.headings(text)
        #expect(
            found.map(\.title)
                == ["ETYMOLOGY.", "EXTRACTS. (Supplied by a Sub-Sub-Librarian)."]
                + chapters.enumerated().map { "CHAPTER \($0 + 1). \($1)" } + ["Epilogue"])
        let bodyStart = try #require(Self.lines("ETYMOLOGY.", in: text).last)
        #expect(found.first?.line == bodyStart)
    }

    /// Don Quixote's shape: `INTRODUCTION` heads a few short lines of other front entries, then the list;
    /// the body opens with its `INTRODUCTION` right after the list. Counted once, at the body.
    @Test func anIntroductionListedInFrontThenOpeningTheBody() throws {
        let list =
            "CONTENTS\n\n\nINTRODUCTION\n\nPREFATORY NOTE\n\nTHE AUTHOR’S PREFACE\n\nCOMMENDATORY VERSES\n\n\n\n"
            + zip(Self.numerals, Self.titles).map { "CHAPTER \($0) \($1.uppercased())\n\n" }.joined() + "\n\n"
        let text = Self.header + list + "INTRODUCTION\n\n" + Self.prose(7) + Self.body + Self.footer
        let found = try Self.headings(text)
        #expect(found.map(\.title) == ["INTRODUCTION"] + Self.bodyTitles)
        #expect(found.first?.line == Self.lines("INTRODUCTION", in: text).last)
    }

    /// A preface that the list does not name, right after the list: the body's first section.
    @Test func aPrefaceRightAfterTheListOpensTheBody() throws {
        let list = "CONTENTS\n\n" + zip(Self.numerals, Self.titles).map { "CHAPTER \($0). \($1)\n" }.joined() + "\n\n"
        let text = Self.header + list + "PREFACE\n\n" + Self.prose(3) + Self.body + Self.footer
        let found = try Self.headings(text)
        #expect(found.map(\.title) == ["PREFACE"] + Self.bodyTitles)
        #expect(found.first?.line == Self.lines("PREFACE", in: text).first)
    }

    /// A preface before the list that the body does not name again stays where it is.
    @Test func aPrefaceBeforeTheListThatTheBodyDoesNotNameStays() throws {
        let list = "CONTENTS\n\n" + zip(Self.numerals, Self.titles).map { "CHAPTER \($0). \($1)\n" }.joined() + "\n\n"
        let text = Self.header + "PREFACE\n\n" + Self.prose(5) + list + Self.body + Self.footer
        let found = try Self.headings(text)
        #expect(found.map(\.title) == ["PREFACE"] + Self.bodyTitles)
    }

    /// Two prefaces in a row, each titled: both stay.
    @Test func twoTitledPrefacesAreTwoSections() throws {
        let text =
            "PREFACE TO THE FIRST EDITION\n\n" + Self.prose(1) + "PREFACE TO THE SECOND EDITION\n\n" + Self.prose(2)
            + Self.body
        let found = try Self.headings(text)
        #expect(
            found.map(\.title) == ["PREFACE TO THE FIRST EDITION", "PREFACE TO THE SECOND EDITION"] + Self.bodyTitles)
    }

    // MARK: Illustrations

    @Test(
        arguments: [
            // On the heading's line, the title under it.
            { (numeral: String, title: String) in "CHAPTER \(numeral). [Illustration]\n\n\(title)\n\n" },
            // Between the heading and its title.
            { (numeral: String, title: String) in "CHAPTER \(numeral).\n\n[Illustration]\n\n\(title)\n\n" },
            // A caption over two lines between them.
            { (numeral: String, title: String) in
                "CHAPTER \(numeral).\n\n[Illustration: The door of the inn, where\nthe drovers sat]\n\n\n\(title)\n\n"
            },
        ] as [@Sendable (String, String) -> String])
    func illustrationsAreNoPartOfATitle(heading: @Sendable (String, String) -> String) throws {
        let text =
            Self.header
            + zip(Self.numerals, Self.titles).enumerated().map { heading($1.0, $1.1.uppercased()) + Self.prose($0) }
            .joined()
            + Self.footer
        #expect(try Self.headings(text).map(\.title) == Self.bodyTitles)
    }

    @Test func anIllustrationOverProseLeavesTheHeadingAlone() throws {
        let text =
            zip(Self.numerals, [true, false, true, false, true]).enumerated().map { index, entry in
                (entry.1
                    ? "CHAPTER \(entry.0). [Illustration: The Inn]\n\n" : "CHAPTER \(entry.0)\n\n[Illustration]\n\n")
                    + Self.prose(index)
            }.joined()
        #expect(
            try Self.headings(text).map(\.title)
                == ["CHAPTER I.", "CHAPTER II", "CHAPTER III.", "CHAPTER IV", "CHAPTER V."])
    }

    // MARK: Staves, initials and long titles

    @Test func stavesAfterAPrefaceSignedWithInitials() throws {
        let staves = ["Marley's Ghost", "The First of the Three Spirits", "The Second of the Three Spirits"]
        let text =
            "PREFACE\n\n" + Self.wrapped(Self.sentences[0] + " " + Self.sentences[1], width: 55)
            + "\n\nTheir faithful Friend and Servant,\n                                   C. D.\nDecember, 1843.\n\n\n\nCONTENTS\n\n"
            + staves.enumerated().map { "Stave \(String(repeating: " ", count: 3 - $0)) \(Self.numerals[$0]): \($1)\n" }
            .joined()
            + "\n\n\n"
            + staves.enumerated().map { "STAVE \(Self.numerals[$0]):  \($1.uppercased())\n\n" + Self.prose($0) }
            .joined()
        let found = try Self.headings(text)
        #expect(
            found.map(\.title) == ["PREFACE"]
                + staves.enumerated().map { "STAVE \(Self.numerals[$0]):  \($1.uppercased())" })
        #expect(
            found.dropFirst().map(\.line)
                == staves.indices.map {
                    Self.lines("STAVE \(Self.numerals[$0]):  \(staves[$0].uppercased())", in: text)[0]
                })
    }

    /// A long title in capitals wraps over three lines, the first ending in a comma.
    @Test func aTitleInCapitalsOverThreeLines() throws {
        let lines = [
            "OF THE WAGER THE MILLER MADE WITH THE CARTER AT THE BRIDGE,",
            "TOGETHER WITH THE QUARREL, THE FLOOD, AND OTHER MATTERS WORTH",
            "TELLING",
        ]
        let text =
            "CHAPTER XIII.\n" + lines.joined(separator: "\n") + "\n\n\n" + Self.prose(1) + "CHAPTER XIV.\n\n"
            + Self.prose(2)
        #expect(
            try Self.headings(text).map(\.title) == ["CHAPTER XIII. " + lines.joined(separator: " "), "CHAPTER XIV."])
    }

    /// Verse in title case under a heading, its first line ending in a comma, is the chapter's text.
    @Test func verseInTitleCaseUnderAHeadingIsNoTitle() throws {
        let text = "CHAPTER I.\n\nTell Me Not, in Mournful Numbers,\nLife Is But an Empty Dream!\n\n" + Self.prose(1)
        #expect(try Self.headings(text).map(\.title) == ["CHAPTER I."])
    }
}
