import Foundation
import NovelTestSupport
import Synchronization
import Testing

/// `novel line` run as a status line would run it: the lines it walks are `novel print`'s, and parallel
/// moves are serialised by the state lock.
@Suite struct LineCommandTests {
    let sample = Corpus.repositoryPath("books/青灯记.txt")

    /// A book of `chapters` chapters, large enough (over twice the preview window) that `novel line` takes
    /// the first-screen path, with paragraphs of CJK and English text of varied lengths.
    static func bigBook(chapters: Int = 60) -> String {
        var text = "A Long Book\n\n"
        for chapter in 1...chapters {
            text += "第\(chapter)章 第\(chapter)个标题\n\n"
            for paragraph in 0..<12 {
                let cjk = String(repeating: "青溪是一条很小的河，", count: 1 + (chapter + paragraph) % 7)
                let english = String(repeating: "word\(paragraph) ", count: 1 + paragraph % 5)
                text += "　　\(cjk)\(english)完。\n\n"
            }
            text += String(repeating: "填", count: 4000) + "\n\n"  // bulk, so that the book is over 256 KB
        }
        return text
    }

    /// The lines `novel line` walks: `novel print`'s lines that show something.
    static func printedLines(_ print: String) -> [String] {
        print.split(separator: "\n").map(String.init).filter { $0 != "\u{0C}" && !$0.allSatisfy(\.isWhitespace) }
    }

    @Test(arguments: [false, true]) func nextTwoHundredTimesWalksPrintsLines(big: Bool) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = big ? try home.write("big.txt", Self.bigBook()) : sample
        let environment = ["NOVEL_HOME": home.path]
        let width = big ? "40" : "30"
        let print = try NovelBinary.run(["print", book, "--width", width], environment: environment)
        #expect(print.status == 0, "\(print.stderr)")
        let expected = Self.printedLines(print.stdout)
        #expect(expected.count > 201)
        let first = try NovelBinary.run(["line", book, "--width", width], environment: environment)
        #expect(first.stdout == expected[0] + "\n", "\(first.stderr)")
        var walked: [String] = []
        for _ in 0..<200 {
            let step = try NovelBinary.run(["line", book, "--width", width, "--next"], environment: environment)
            #expect(step.status == 0 && step.stderr.isEmpty, "\(step.stderr)")
            walked.append(String(step.stdout.dropLast()))
        }
        #expect(walked == Array(expected[1...200]))
        let back = try NovelBinary.run(
            ["line", book, "--width", width, "--prev", "--count", "7"], environment: environment)
        #expect(back.stdout == expected[193] + "\n")
        // Without a move the saved line is shown again.
        let again = try NovelBinary.run(["line", book, "--width", width], environment: environment)
        #expect(again.stdout == expected[193] + "\n")
    }

    @Test func parallelCallsMoveExactlyOneLineEach() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write("big.txt", Self.bigBook())
        let environment = ["NOVEL_HOME": home.path]
        let print = try NovelBinary.run(["print", book, "--width", "40"], environment: environment)
        let expected = Self.printedLines(print.stdout)
        // A first move saves the state (and its stamp), so that the walkers take the first-screen path.
        _ = try NovelBinary.run(["line", book, "--width", "40", "--next"], environment: environment)
        _ = try NovelBinary.run(["line", book, "--width", "40", "--prev"], environment: environment)
        let outputs = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<50 {
                let step = try? NovelBinary.run(["line", book, "--width", "40", "--next"], environment: environment)
                outputs.withLock { $0.append(step.map { String($0.stdout.dropLast()) } ?? "(failed)") }
            }
        }
        let printed = outputs.withLock { $0 }
        // Each call got its own line: together exactly the next 100, none skipped or repeated.
        #expect(printed.sorted() == Array(expected[1...100]).sorted())
        let now = try NovelBinary.run(["line", book, "--width", "40"], environment: environment)
        #expect(now.stdout == expected[100] + "\n")
    }

    @Test func problemsGoToStandardErrorOnly() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["NOVEL_HOME": home.path]
        let missing = try NovelBinary.run(["line", home.path + "/missing.txt", "--next"], environment: environment)
        #expect(missing.status != 0)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("missing.txt"))
        let empty = try NovelBinary.run(["line", try home.write("empty.txt", "\n\n")], environment: environment)
        #expect(empty.status != 0 && empty.stdout.isEmpty)
        let both = try NovelBinary.run(["line", sample, "--next", "--prev"], environment: environment)
        #expect(both.status != 0 && both.stdout.isEmpty && both.stderr.contains("--next"))
    }

    /// `line BOOK [--width N] [--next|--prev]` skips argument-parser (`LineCommand.plainLine`); the same
    /// call written so that it goes through the parser (`--width=N`) moves and prints the same, and what
    /// the short path does not take is still the parser's to refuse.
    @Test func theStatusLinesShortPathMatchesTheParser() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["NOVEL_HOME": home.path]
        let print = try NovelBinary.run(["print", sample, "--width", "30"], environment: environment)
        let expected = Self.printedLines(print.stdout)
        let calls: [[String]] = [
            ["line", sample, "--next", "--width", "30"], ["line", "--width=30", sample, "--next"],
            ["line", "--width", "30", "--next", sample], ["line", sample, "--width=30", "--prev"],
            ["line", sample, "--width", "30"],
        ]
        let outputs = try calls.map { try NovelBinary.run($0, environment: environment).stdout }
        #expect(outputs == [expected[1], expected[2], expected[3], expected[2], expected[2]].map { $0 + "\n" })
        for bad in [["line", sample, "--width", "wide"], ["line", sample, sample]] {
            let refused = try NovelBinary.run(bad, environment: environment)
            #expect(refused.status == 64 && refused.stdout.isEmpty, "\(bad)")
        }
    }

    @Test func defaultWidthWithoutATerminalIsSixty() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["NOVEL_HOME": home.path]
        let line = try NovelBinary.run(["line", sample, "--next", "--count", "3"], environment: environment)
        let print = try NovelBinary.run(["print", sample, "--width", "60"], environment: environment)
        #expect(line.stdout == Self.printedLines(print.stdout)[3] + "\n")
    }
}
