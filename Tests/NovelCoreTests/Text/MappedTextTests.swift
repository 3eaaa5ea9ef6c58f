import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The text's storage: a UTF-8 book that is its file's bytes stays a private map of the file; any other
/// book is one decoded copy; a mapped book truncated by another process keeps the process running.
@Suite struct MappedTextTests {
    /// A book of `chapters` chapters, about a kilobyte each.
    private func chapters(_ chapters: Int, lineEnd: String = "\n") -> String {
        var text = ""
        for number in 1...chapters {
            text += "第\(number)章 灯下\(number)" + lineEnd
            for paragraph in 0..<8 {
                text += "　　第\(number)章第\(paragraph)段：他提着灯走过长街，风吹得灯火忽明忽暗。" + lineEnd
            }
        }
        return text
    }

    @Test func aVerbatimUTF8BookIsTheFileMappedNotACopy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Array(chapters(40).utf8)
        let path = try directory.write("plain.txt", bytes)
        let text = try BookLoader.load(path: path)
        #expect(text.utf8.isMapped)
        #expect(text.isVerbatim)
        #expect(text.utf8 == TextBytes(bytes))
        #expect(BookFingerprint.of(text.utf8) == BookFingerprint.of(bytes))
        #expect(text.lines == bytes.filter { $0 == 0x0A }.count)
    }

    /// Each form that changes the bytes: a byte-order mark, CR line ends, a control character, another
    /// encoding. The text is then the one decoded array, and equals what decoding the bytes in memory gives.
    @Test(arguments: ["bom", "crlf", "control", "gb18030"])
    func aBookThatNeedsDecodingKeepsOneDecodedCopy(form: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let body = chapters(20)
        let bytes: [UInt8] =
            switch form {
            case "bom": [0xEF, 0xBB, 0xBF] + Array(body.utf8)
            case "crlf": Array(chapters(20, lineEnd: "\r\n").utf8)
            case "control": Array(("\u{1B}[31m" + body).utf8)
            default: Array(try #require(body.data(using: .init(rawValue: 0x8000_0632))))  // GB18030
            }
        let path = try directory.write("\(form).txt", bytes)
        let text = try BookLoader.load(path: path)
        #expect(!text.utf8.isMapped, "\(form)")
        #expect(!text.isVerbatim)
        #expect(text.utf8 == (try BookLoader.decode(bytes, path: path)).utf8)
        if form != "control" { #expect(text.utf8 == TextBytes(Array(body.utf8)), "\(form)") }
    }

    @Test func aMappedBookTruncatedByAnotherProcessKeepsTheProcessRunning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = Array(chapters(300).utf8)
        let path = try directory.write("shrinking.txt", bytes)
        let book = try BookOpener.open(path: path)
        #expect(book.text.utf8.isMapped && !book.text.utf8.lostPages)
        let keep = 8192
        #expect(try truncateInAnotherProcess(path, to: keep) == 0)

        // Every byte is touched again: the pages past the new end are gone from the file.
        let text = book.text.utf8
        #expect(Array(text[..<keep]) == Array(bytes[..<keep]), "what the file still holds is unchanged")
        #expect(text[(text.count - 10)...].allSatisfy { $0 == 0x20 }, "a lost page reads as spaces")
        #expect(text.lostPages)
        #expect(TextSearch("不在书里的字").find(in: text, from: 0, direction: .forward) == nil)
        #expect(book.text.lines >= keep / 200)
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 80, rows: 24))
        #expect(layout.layoutAll() > 0, "every chapter is laid out from what is left")
    }
}
