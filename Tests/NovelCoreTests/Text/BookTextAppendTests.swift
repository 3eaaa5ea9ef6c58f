import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Reading a book's file on after bytes were appended to it gives the text a whole load of the grown
/// file gives; any other change to the file (rewritten, replaced, shortened), and an append that cannot
/// be decoded on from the old end, gives nil so that the whole file is read again.
@Suite final class BookTextAppendTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory("novel-append") }
    deinit { folder.remove() }

    /// Loads `old` from a file, appends `appended` to that file, and returns the text read on and the
    /// text of a whole load of the grown file.
    func grown(_ old: [UInt8], _ appended: [UInt8], encoding: String? = nil) throws -> (on: BookText?, whole: BookText)
    {
        let path = try folder.write("book-\(UUID().uuidString.prefix(6)).txt", old)
        let text = try BookLoader.load(path: path, encoding: encoding)
        try appendToFile(path, appended)
        return (text.appended(path: path), try BookLoader.load(path: path, encoding: encoding))
    }

    func expectSame(_ on: BookText?, _ whole: BookText) throws {
        let on = try #require(on)
        #expect(on.utf8 == whole.utf8)
        #expect(on.encoding == whole.encoding)
        #expect(on.encodingSource == whole.encodingSource)
        #expect(on.invalidSequences == whole.invalidSequences)
        #expect(on.sourceByteCount == whole.sourceByteCount)
        #expect(on.isVerbatim == whole.isVerbatim)
        #expect(on.fileIdentity == whole.fileIdentity)
        #expect(on.appendProbe == whole.appendProbe)
    }

    @Test func aUTF8BookThatIsItsFileStaysMapped() throws {
        let (on, whole) = try grown(Array("第一章　渡口\n　　灯亮了。\n".utf8), Array("第二章　夜雨\n　　雨停了。\n".utf8))
        #expect(whole.isVerbatim)
        #expect(on?.utf8.isMapped == true)
        try expectSame(on, whole)
        // Mid-line: the old text ended inside a paragraph.
        let (middle, wholeMiddle) = try grown(Array("第一章　渡口\n　　他推开门，看见".utf8), Array("灯还亮着。\n".utf8))
        try expectSame(middle, wholeMiddle)
    }

    @Test func anAppendThatANormaliserWouldChangeIsReadWhole() throws {
        // CR LF or a control appended to a book that was its file: the grown text is no longer the file.
        for tail in ["第二章\r\n正文\r\n", "第二章\n\u{1B}[31m\n"] {
            let (on, whole) = try grown(Array("第一章\n正文\n".utf8), Array(tail.utf8))
            #expect(on == nil)
            #expect(!whole.isVerbatim)
        }
        // Bytes that are not UTF-8.
        let (on, _) = try grown(Array("第一章\n正文\n".utf8), [0xB5, 0xDA, 0x0A])
        #expect(on == nil)
    }

    @Test func aCRLFBookDecodesOnlyItsNewLines() throws {
        let (on, whole) = try grown(Array("第一章\r\n正文\r\n".utf8), Array("第二章\r\n又一段\r\n".utf8))
        #expect(!whole.isVerbatim)
        try expectSame(on, whole)
        // A CR LF pair split by the old end is one line end in the whole file: read whole.
        let (split, _) = try grown(Array("第一章\r\n正文\r".utf8), Array("\n第二章\r\n".utf8))
        #expect(split == nil)
        // A book with a byte-order mark.
        let (marked, wholeMarked) = try grown([0xEF, 0xBB, 0xBF] + Array("第一章\n正文\n".utf8), Array("第二章\n尾\n".utf8))
        #expect(wholeMarked.encodingSource == .byteOrderMark)
        try expectSame(marked, wholeMarked)
    }

    @Test func aGB18030BookDecodesOnlyItsNewBytes() throws {
        // 第一章 / 灯。 in GB18030, then 第二章 and a four-byte character (U+20000).
        let old: [UInt8] = [0xB5, 0xDA, 0xD2, 0xBB, 0xD5, 0xC2, 0x0D, 0x0A, 0xB5, 0xC6, 0xA1, 0xA3, 0x0D, 0x0A]
        let tail: [UInt8] = [0xB5, 0xDA, 0xB6, 0xFE, 0xD5, 0xC2, 0x0A, 0x95, 0x32, 0x82, 0x36, 0xA1, 0xA3, 0x0A]
        let (on, whole) = try grown(old, tail, encoding: "GB18030")
        try expectSame(on, whole)
        #expect(whole.utf8.utf8String == "第一章\n灯。\n第二章\n\u{20000}。\n")
        // A four-byte character cut by the old end (a download stopped mid-character): read whole.
        let (cut, _) = try grown(old + [0x95, 0x32], [0x82, 0x36, 0x0A], encoding: "GB18030")
        #expect(cut == nil)
    }

    @Test func aUTF16BookDecodesOnlyItsNewUnits() throws {
        func utf16LE(_ string: String) -> [UInt8] { string.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        let (on, whole) = try grown([0xFF, 0xFE] + utf16LE("第一章\n正文\n"), utf16LE("第二章\n尾\n"))
        #expect(whole.encoding == "UTF-16LE")
        try expectSame(on, whole)
    }

    @Test func anEncodingWithShiftStatesIsReadWhole() throws {
        let (on, whole) = try grown(
            Array("Chapter 1\nText.\n".utf8), Array("Chapter 2\nMore.\n".utf8), encoding: "ISO-2022-JP")
        #expect(on == nil)
        #expect(whole.utf8.utf8String.hasSuffix("More.\n"))
    }

    @Test func aFileChangedAnyOtherWayIsReadWhole() throws {
        let old = Array(("第一章　渡口\n" + String(repeating: "　　灯亮了，他走了很远的路。\n", count: 20_000)).utf8)
        let path = try folder.write("changed.txt", old)
        let text = try BookLoader.load(path: path)
        // Nothing appended.
        #expect(text.appended(path: path) == nil)
        // Rewritten in place and longer: a character changed before the old end (in the last block, where
        // a downloader that rewrites its file from the start would differ from what was read).
        var rewritten = old
        rewritten.replaceSubrange((old.count - 100)..<(old.count - 97), with: Array("雨".utf8))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(rewritten + Array("第二章\n".utf8)))
        handle.closeFile()
        #expect(text.appended(path: path) == nil)
        // Replaced by another file (written beside it and renamed), even with the old bytes first.
        let beside = try folder.write("beside.txt", old + Array("第二章\n".utf8))
        #expect(rename(beside, path) == 0)
        #expect(text.appended(path: path) == nil)
        // Shortened.
        let short = try folder.write("short.txt", old)
        let shortText = try BookLoader.load(path: short)
        #expect(truncate(short, off_t(old.count / 2)) == 0)
        #expect(shortText.appended(path: short) == nil)
        // Gone.
        #expect(unlink(short) == 0)
        #expect(shortText.appended(path: short) == nil)
    }
}
