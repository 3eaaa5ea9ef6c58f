import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// An EPUB is known by its content, never by its name.
@Suite struct EpubFormatTests {
    @Test func aBookMadeAsTheFormatAsksIsKnownFromItsFirstBytes() throws {
        let bytes = try EpubBuilder.sample().bytes()
        #expect(EpubFormat.startsAsEpub(Array(bytes.prefix(EpubFormat.prefixLength))))
        let folder = try TemporaryDirectory("novel-epub-format")
        defer { folder.remove() }
        let named = try folder.write("a-book.txt", bytes)
        #expect(EpubFormat.isEpub(path: named))
    }

    @Test func aZipWithItsMimetypeLaterOrDeflatedIsAnEpubToo() throws {
        let folder = try TemporaryDirectory("novel-epub-format")
        defer { folder.remove() }
        var members = EpubBuilder.sample().members
        let mimetype = members.removeFirst()
        let late = folder.path + "/late"
        try EpubBuilder.write(members + [mimetype], to: late)
        #expect(!EpubFormat.startsAsEpub(Array(try Data(contentsOf: URL(fileURLWithPath: late)))))
        #expect(EpubFormat.isEpub(path: late))
        let deflated = folder.path + "/deflated"
        try EpubBuilder.write([.init("mimetype", "application/epub+zip\n")] + members, to: deflated)
        #expect(EpubFormat.isEpub(path: deflated))
        let withoutMimetype = folder.path + "/container-only"
        try EpubBuilder.write(members, to: withoutMimetype)
        #expect(EpubFormat.isEpub(path: withoutMimetype))
    }

    @Test func otherFilesAreNotEpubs() throws {
        let folder = try TemporaryDirectory("novel-epub-format")
        defer { folder.remove() }
        let zip = folder.path + "/photos.epub"
        try EpubBuilder.write([.init("mimetype", "application/zip", deflated: false), .init("a.jpg", "x")], to: zip)
        #expect(!EpubFormat.isEpub(path: zip))
        #expect(!EpubFormat.isEpub(path: try folder.write("book.epub", "第一章\n正文\n")))
        #expect(!EpubFormat.isEpub(path: try folder.write("pk.txt", "PK\u{3}\u{4} but not a zip at all")))
        #expect(!EpubFormat.isEpub(path: try folder.write("empty.epub", "")))
        #expect(!EpubFormat.isEpub(path: folder.path + "/missing.epub"))
    }
}
