import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// `BookFile.read` with a look at the first bytes: a file they turn down (a zip archive, for the preview)
/// is left after its first read; any other file is read whole in the range asked for.
@Suite struct BookFileReadTests {
    @Test func aRefusedStartStopsTheReadAndAnyOtherIsReadWhole() throws {
        let folder = try TemporaryDirectory("novel-book-file-read")
        defer { folder.remove() }
        let text = String(repeating: "渡口又亮起了一盏灯。\n", count: 2000)
        let path = try folder.write("book.txt", text)
        var looked: [Int] = []
        let read = BookFile.read(path, range: 0..<40_000, firstRead: 1000) { start in
            looked.append(start.count)
            return EpubFormat.startsLikeZip(start)
        }
        #expect(read == Array(text.utf8.prefix(40_000)))
        #expect(looked == [1000])
        let zip = try folder.write("book.epub", try EpubBuilder.sample().bytes())
        #expect(BookFile.read(zip, range: 0..<40_000, firstRead: 1000) { EpubFormat.startsLikeZip($0) } == nil)
        // A range shorter than the first read is looked at once, whole.
        looked = []
        let short = BookFile.read(path, range: 0..<10, firstRead: 1000) { start in
            looked.append(start.count)
            return false
        }
        #expect(short?.count == 10 && looked == [10])
    }
}
