import Foundation
import NovelTestSupport
import Testing

/// `novel print --line-break`, run as a user would.
@Suite struct PrintLineBreakTests {
    func run(_ arguments: [String], book: String) throws -> NovelBinary.Result {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write("book.txt", book)
        return try NovelBinary.run(["print", path] + arguments, environment: ["NOVEL_HOME": home.path])
    }

    @Test func looseLetsAnExclamationMarkStartALine() throws {
        let book = "一二三四五六！七八\n"
        let strict = try run(["--width", "12"], book: book)
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stdout.hasPrefix("一二三四五\n六！七八\n"), "\(strict.stdout)")
        let loose = try run(["--width", "12", "--line-break", "loose"], book: book)
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(loose.stdout.hasPrefix("一二三四五六\n！七八\n"), "\(loose.stdout)")
    }

    @Test func anUnknownLevelIsAUsageError() throws {
        let result = try run(["--line-break", "anywhere"], book: "一二三\n")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("line-break"))
        #expect(result.stdout.isEmpty)
    }
}
