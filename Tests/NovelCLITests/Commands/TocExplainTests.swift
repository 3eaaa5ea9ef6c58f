import Foundation
import NovelTestSupport
import Testing

/// `novel toc BOOK --explain` run as a user reporting a bad table of contents would.
struct TocExplainTests {
    @Test func everyHeadingLikeLineIsListedWithItsDecisionAndReason() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write(
            "書.txt",
            "目錄\n第一回　甲\n第二回　乙\n第三回　丙\n\n第一回　甲\n　　話說。\n\n第二回　乙\n　　話說。\n\n"
                + "第三回就寫到這裡，下回再說。\n第三回　丙\n　　話說。\n")
        let result = try NovelBinary.run(["toc", book, "--explain"], environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rule: chinese")
        #expect(lines.contains(" 2  dropped   第一回　甲"))
        #expect(lines.contains(" 6  chapter   第一回　甲"))
        #expect(lines.contains("12  rejected  第三回就寫到這裡，下回再說。"))
        #expect(lines.contains("13  chapter   第三回　丙"))
        // Each decision line is followed by its reason, indented.
        let reason = try #require(lines.firstIndex(of: " 2  dropped   第一回　甲")).advanced(by: 1)
        #expect(lines[reason].hasPrefix("      list of contents"))
        #expect(lines.filter { !$0.hasPrefix(" ") && $0 != "rule: chinese" }.count == 2)
    }
}

/// `novel toc --explain` on an English book: a bare Roman numeral with its title line, a list of
/// contents, and lines that only look like headings.
struct EnglishTocExplainTests {
    static let prose = """
        The rain had kept on since morning, and the lane below the house was a
        brown stream that carried leaves and twigs down towards the mill.


        """

    @Test func englishDecisionsAreExplained() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let text =
            "CONTENTS\n\n    I\n    II\n    III\n\n\n"
            + "I\n\nTHE STORM\n\n" + Self.prose
            + "Chapter two was found, and she glanced at its opening sentences.\n\n" + Self.prose
            + "II\n\nTHE CALM\n\n" + Self.prose
            + "    I\n    think the tide will turn, she said.\n\n" + Self.prose
            + "III\n\nTHE TIDE\n\n" + Self.prose
        let book = try home.write("tide.txt", text)
        let result = try NovelBinary.run(["toc", book, "--explain"], environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rule: english")
        let bookLines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        /// The reason printed under the decision on the `occurrence`-th line of the book reading `line`.
        func reason(_ decision: String, _ line: String, occurrence: Int = 1) -> String? {
            let numbers = bookLines.indices.filter { bookLines[$0] == line }.map { $0 + 1 }
            guard numbers.count >= occurrence else { return nil }
            let heading =
                "\(numbers[occurrence - 1])  " + decision.padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
                + line
            guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == heading }),
                index + 1 < lines.count
            else { return nil }
            return lines[index + 1].trimmingCharacters(in: .whitespaces)
        }
        // The list of contents: its numerals are dropped.
        #expect(reason("dropped", "I")?.hasPrefix("list of contents") == true)
        #expect(reason("dropped", "III")?.hasPrefix("list of contents") == true)
        // The bare numeral heads a chapter, titled with its title line.
        #expect(
            reason("chapter", "I", occurrence: 2)
                == "rule english, chapter number 1; bare heading: title from the next line; title: I. THE STORM")
        #expect(reason("chapter", "III", occurrence: 2)?.hasSuffix("title: III. THE TIDE") == true)
        // A sentence that starts with a heading word, and a lone I of dialogue.
        #expect(
            reason("rejected", "Chapter two was found, and she glanced at its opening sentences.")?.hasPrefix("prose:")
                == true)
        #expect(reason("dropped", "I", occurrence: 3)?.hasPrefix("numeral alone: out of the sequence") == true)
        // The title lines are not listed: they never looked like headings.
        #expect(!lines.contains { $0.hasSuffix("THE STORM") && !$0.contains("title:") })
    }
}

/// `novel toc --explain` on a book whose part heading and title a site repeated before every chapter.
struct RunningHeadTocExplainTests {
    @Test func theFoldedRepeatsAreExplained() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        var text = "青灯夜话\n\n"
        for (part, chapters) in [("第一部分", 1...3), ("第二部分", 4...6)] {
            for number in chapters {
                text += "青灯夜话\n\(part)\n第\(number)回　灯下\n　　灯还亮着。\n\n"
            }
        }
        let book = try home.write("灯.txt", text)
        let result = try NovelBinary.run(["toc", book, "--explain"], environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(" 4  volume    第一部分"))
        #expect(lines.contains(" 9  dropped   第一部分"))
        #expect(lines.contains(" 8  dropped   青灯夜话"))
        let repeatReason = try #require(lines.firstIndex(of: " 9  dropped   第一部分")).advanced(by: 1)
        #expect(
            lines[repeatReason].trimmingCharacters(in: .whitespaces)
                == "running head: the same line stands directly before 3 chapters in a row;"
                + " the first is the part, this repeat is hidden with the next heading")
        let titleReason = try #require(lines.firstIndex(of: " 8  dropped   青灯夜话")).advanced(by: 1)
        #expect(lines[titleReason].trimmingCharacters(in: .whitespaces).hasPrefix("running head: the book's title"))
        // The table itself: two parts of three chapters, the title the front matter's.
        let toc = try NovelBinary.run(["toc", book], environment: ["NOVEL_HOME": home.path])
        #expect(toc.stdout.split(separator: "\n").count == 9)
    }
}
