import Testing

@testable import NovelCore

/// Books with a heading every few hundred bytes and a list of contents before every few chapters (the
/// shape of the dense English benchmark book): every entry is checked — title, kind, where it starts
/// and where its text starts — so that the whole-book steps, which work on one array of found headings
/// compacted in place, keep, drop and complete exactly the headings they should.
struct DenseBookTests {
    typealias Book = ChapterTestBook

    /// One entry as a test expects it.
    struct Expected: Equatable, CustomStringConvertible {
        var title: String
        var kind: TOCEntry.Kind
        var start: Int
        var bodyStart: Int

        init(_ entry: TOCEntry) {
            self.init(title: entry.title, kind: entry.kind, start: entry.range.lowerBound, bodyStart: entry.bodyStart)
        }

        init(title: String, kind: TOCEntry.Kind, start: Int, bodyStart: Int) {
            self.title = title
            self.kind = kind
            self.start = start
            self.bodyStart = bodyStart
        }

        var description: String { "\(kind) \(title) @\(start)/\(bodyStart)" }
    }

    /// A text being written, with the byte offset of what is appended next.
    struct Writer {
        var text = ""
        var offset: Int { text.utf8.count }

        mutating func append(_ part: String) { text += part }
    }

    static let prose = EnglishHeadingTests.prose

    /// The index of the book written, checked entry by entry against `expected` (the first difference
    /// is reported), with the rule it should use and the partition of the whole text.
    static func index(of book: Writer, rule: String, expecting expected: [Expected]) throws -> ChapterIndex {
        let index = try Book.index(book.text)
        #expect(index.ruleName == rule)
        #expect(index.partitions(length: book.offset))
        let found = index.entries.map(Expected.init)
        #expect(found.count == expected.count)
        for (position, pair) in zip(found, expected).enumerated() where pair.0 != pair.1 {
            Issue.record("entry \(position): \(pair.0), expected \(pair.1)")
            break
        }
        return index
    }

    /// Repeated `passes` times: a list of contents of three chapters, then the chapters — one with its
    /// title on the next line, one with nothing after it (its title comes from the list), one with a title
    /// over two lines — then a Gutenberg footer. Enough passes that the bare headings' titles are
    /// completed side by side (`BareHeadingTitle.piecesFrom`).
    @Test func aDenseEnglishBookHasEveryChapterAtItsBodyHeading() throws {
        let passes = BareHeadingTitle.piecesFrom / 3 + 50
        var book = Writer()
        var expected: [Expected] = []
        book.append("THE DENSE BOOK\n\n")
        for pass in 0..<passes {
            book.append("CONTENTS\n\n")
            book.append("     CHAPTER I.    The Cockerel on the Roof\n")
            book.append("     CHAPTER II.   A Letter from the Bishop\n")
            book.append("     CHAPTER III.  What the Wind Said\n\n\n\n")
            if pass == 0 { expected.append(Expected(title: "THE DENSE BOOK", kind: .front, start: 0, bodyStart: 0)) }
            var start = book.offset
            book.append("CHAPTER I.\n\nTHE COCKEREL ON THE ROOF\n")
            expected.append(
                Expected(
                    title: "CHAPTER I. THE COCKEREL ON THE ROOF", kind: .chapter, start: start, bodyStart: book.offset))
            book.append("\n\n" + Self.prose)
            start = book.offset
            book.append("CHAPTER II.\n")
            expected.append(
                Expected(
                    title: "CHAPTER II. A Letter from the Bishop", kind: .chapter, start: start, bodyStart: book.offset)
            )
            book.append("\n" + Self.prose)
            start = book.offset
            book.append("   CHAPTER III.\n\nWHAT THE WIND\nSAID TO THE VANE\n")
            expected.append(
                Expected(
                    title: "CHAPTER III. WHAT THE WIND SAID TO THE VANE", kind: .chapter, start: start,
                    bodyStart: book.offset))
            book.append("\n" + Self.prose)
        }
        let footerStart = book.offset
        book.append("*** END OF THE PROJECT GUTENBERG EBOOK THE DENSE BOOK ***\n")
        expected.append(
            Expected(
                title: "END OF THE PROJECT GUTENBERG EBOOK THE DENSE BOOK", kind: .special, start: footerStart,
                bodyStart: book.offset))
        book.append("The licence would follow here.\n")

        let index = try Self.index(of: book, rule: "english", expecting: expected)
        #expect(
            index.entries.filter { $0.kind == .chapter }.compactMap(\.number)
                == Array(repeating: [1, 2, 3], count: passes).flatMap { $0 })
    }

    /// The same in Chinese: a list of 回 before every three, titles as couplets on the next two lines,
    /// or lent by the list with its second line; side by side too.
    @Test func aDenseChineseBookHasEveryChapterAtItsBodyHeading() throws {
        let passes = BareHeadingTitle.piecesFrom / 3 + 40
        let filler = "　　他走了很远的路，才看见那盏灯。灯下有人在等他，等了很多年。\n　　雨下了一夜，天亮时才停。\n\n"
        var book = Writer()
        var expected: [Expected] = []
        book.append("灯下记\n\n")
        for pass in 0..<passes {
            book.append("目录\n\n")
            for number in 0..<3 {
                book.append(
                    " 第\(Book.numerals[number])回 \(Book.couplets[number].0)\n        \(Book.couplets[number].1)\n\n")
            }
            book.append("\n\n")
            if pass == 0 { expected.append(Expected(title: "灯下记", kind: .front, start: 0, bodyStart: 0)) }
            for number in 0..<3 {
                let start = book.offset
                let (first, second) = Book.couplets[number]
                if number == 1 {
                    // Nothing after the heading: the list lends the title, the text starts on the next line.
                    book.append("第\(Book.numerals[number])回\n")
                } else {
                    book.append("第\(Book.numerals[number])回\n\(first)\n\(second)\n")
                }
                expected.append(
                    Expected(
                        title: "第\(Book.numerals[number])回　\(first)　\(second)", kind: .chapter, start: start,
                        bodyStart: book.offset))
                book.append(filler)
            }
        }
        _ = try Self.index(of: book, rule: "chinese", expecting: expected)
    }

    /// A long chapter in the second volume is split into parts; every entry after it still names its own
    /// volume (the entries are rebuilt from the first long one on).
    @Test func aLongChapterAfterVolumesKeepsEveryVolumeIndex() throws {
        let paragraph = String(repeating: "灯", count: 999) + "\n"
        let text =
            Book.body(["第一卷　春", "第一章　甲", "第二章　乙", "第二卷　夏"]) + "第三章　长\n" + String(repeating: paragraph, count: 150)
            + Book.body(["第四章　丁", "第三卷　秋", "第五章　戊"])
        let entries = try Book.index(text).entries
        let parts = entries.filter { $0.title.hasPrefix("第三章　长 (") }
        #expect(!parts.isEmpty)
        #expect(
            entries.map(\.title).filter { !$0.hasPrefix("第三章　长 (") } == [
                "第一卷　春", "第一章　甲", "第二章　乙", "第二卷　夏", "第三章　长", "第四章　丁", "第三卷　秋", "第五章　戊",
            ])
        let volumeOf = entries.map { $0.volumeIndex.map { entries[$0].title } }
        let expected: [String?] = entries.map { entry in
            switch entry.title {
            case "第一卷　春", "第二卷　夏", "第三卷　秋": nil
            case "第一章　甲", "第二章　乙": "第一卷　春"
            case "第五章　戊": "第三卷　秋"
            default: "第二卷　夏"
            }
        }
        #expect(volumeOf == expected)
    }
}
