import NovelCore
import Testing

@testable import NovelTUI

/// The stand-in pager keeps its place exactly: forward and back return to the same byte, resizes keep it.
@Suite struct PreviewReaderTests {
    private let book: Book = {
        var text = ""
        for chapter in 1...5 {
            text += "第\(chapter)章\n\n"
            for paragraph in 1...8 { text += String(repeating: "青灯照夜\(paragraph)，", count: chapter + paragraph) + "\n" }
        }
        let bytes = Array(text.utf8)
        let index = ChapterIndex(
            entries: [TOCEntry(level: .chapter, title: "all", number: nil, range: 0..<bytes.count, bodyStart: 0, volumeIndex: nil)],
            ruleName: "none")
        return Book(
            path: "t.txt", title: "t",
            text: BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0),
            fingerprint: "f", index: index)
    }()

    private func press(_ reader: inout PreviewReader, _ key: Key, times: Int = 1) {
        for _ in 0..<times { _ = reader.respond(to: .key(key), now: 0) }
    }

    @Test(arguments: [(37, 11), (20, 5), (80, 24)])
    func pagesForwardAndBackReturnToTheSamePlace(columns: Int, rows: Int) {
        var reader = PreviewReader(book: book, columns: columns, rows: rows, offset: 0)
        var tops: [Int] = [reader.position.offset]
        for _ in 0..<6 {
            press(&reader, .character(" "))
            if reader.position.offset == tops.last { break }
            tops.append(reader.position.offset)
        }
        #expect(tops.count > 2)
        for expected in tops.reversed().dropFirst() {
            press(&reader, .character("b"))
            #expect(reader.position.offset == expected)
        }
    }

    @Test func linesDownAndUpAreSymmetric() {
        var reader = PreviewReader(book: book, columns: 23, rows: 7, offset: 0)
        press(&reader, .character("j"), times: 9)
        let there = reader.position.offset
        #expect(there > 0)
        press(&reader, .character("j"), times: 4)
        press(&reader, .character("k"), times: 4)
        #expect(reader.position.offset == there)
    }

    @Test func aResizeKeepsTheFirstCharacterOnScreen() {
        var reader = PreviewReader(book: book, columns: 40, rows: 12, offset: 0)
        press(&reader, .character(" "), times: 3)
        let place = reader.position.offset
        _ = reader.respond(to: .resize(columns: 17, rows: 6), now: 0)
        #expect(reader.position.offset == place)
        let first = reader.screen().textRows[0]
        let expected = String(String(decoding: book.text.utf8[place...], as: UTF8.self).prefix(3))
        #expect(first.hasPrefix(expected))
    }

    @Test func chapterKeysJumpBetweenTOCEntries() {
        let text = "一\n甲乙丙\n二\n丁戊己\n三\n庚辛\n"
        let bytes = Array(text.utf8)
        let starts = [0, 14, 28]
        let entries = starts.indices.map { index in
            TOCEntry(
                level: .chapter, title: ["一", "二", "三"][index], number: index + 1,
                range: starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count),
                bodyStart: starts[index], volumeIndex: nil)
        }
        let book = Book(
            path: "c.txt", title: "c",
            text: BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0),
            fingerprint: "c", index: ChapterIndex(entries: entries, ruleName: "test"))
        var reader = PreviewReader(book: book, columns: 20, rows: 5, offset: 0)
        press(&reader, .character("]"))
        #expect(reader.position.offset == 14)
        press(&reader, .character("]"))
        press(&reader, .character("]"))
        #expect(reader.position.offset == 28)
        press(&reader, .character("j"))
        press(&reader, .character("["))
        #expect(reader.position.offset == 28)
        press(&reader, .character("["))
        #expect(reader.position.offset == 14)
        #expect(reader.screen().textRows.last?.contains("二") == true)
    }

    @Test func aTinyTerminalShowsAMessage() {
        let reader = PreviewReader(book: book, columns: 5, rows: 2, offset: 0)
        #expect(reader.screen().textRows == ["too s", "     "])
    }
}
