import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A mapped book whose text needs normalising (CR LF line ends, controls) lets go of the file's pages
/// behind the normalising pass (issue 38, item 14: a 2 GB CR LF book peaked at 4.2 GB). What it lets go
/// is read again from the file wherever it is needed, so the text is exactly the normalised file.
@Suite final class MappedNormalisingTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory("novel-mapped-normalising")
    }

    deinit { home.remove() }

    /// `line` repeated to about `bytes`, as a file.
    func book(_ line: String, bytes: Int) throws -> (path: String, bytes: [UInt8]) {
        let unit = Array(line.utf8)
        var contents: [UInt8] = []
        contents.reserveCapacity(bytes + unit.count)
        while contents.count < bytes { contents += unit }
        let path = home.path + "/book-\(contents.count).txt"
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return (path, contents)
    }

    @Test func aCRLFBookIsItsNormalisedTextAfterItsPagesWereLetGo() throws {
        // Several times the amount let go at once, so that pages go while the check runs beside.
        let (path, bytes) = try book("第一章　灯下 A line of text, «with» 灯.\r\n\r\n", bytes: 5 * TextNormaliser.releaseBytes)
        let text = try BookLoader.load(path: path)
        let expected = bytes.withUnsafeBufferPointer { TextNormaliser.normalised($0) }
        #expect(text.utf8.withUnsafeBufferPointer { Array($0) } == expected)
        #expect(text.utf8.count == bytes.count - bytes.count / 26)  // two CRs in each 52 bytes
    }

    /// Many C1 controls (each two bytes becoming three, U+FFFD): the first pass runs out of room after
    /// letting pages go, and the second reads them from the file again.
    @Test func aBookOfControlsIsWrittenAgainFromPagesLetGo() throws {
        let (path, bytes) = try book("\u{85}\u{85}\u{85}x\r\n", bytes: 3 * TextNormaliser.releaseBytes)
        let text = try BookLoader.load(path: path)
        let expected = bytes.withUnsafeBufferPointer { TextNormaliser.normalised($0) }
        #expect(expected?.count ?? 0 > bytes.count)
        #expect(text.utf8.withUnsafeBufferPointer { Array($0) } == expected)
    }
}
