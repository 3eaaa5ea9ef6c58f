import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// An EPUB's text is made from its documents, never read from the start of its file: however large, it
/// gets no text preview, on a first open and when it was read before (the full open shows it).
@Suite struct BookPreviewEpubTests {
    @Test func aLargeEpubGetsNoTextPreviewFirstOpenOrReopened() throws {
        let home = try TemporaryDirectory("novel-preview-epub")
        defer { home.remove() }
        let body = (0..<400).map { "<p>第\($0)段，渡口又亮起了一盏灯。" + String(repeating: "灯", count: 300) + "</p>" }
        let builder = EpubBuilder(
            documents: [.init("text/a.xhtml", body: "<h1>第一章</h1>" + body.joined(separator: "\n"))],
            toc: [.init("第一章", href: "text/a.xhtml")])
        let path = home.path + "/big.epub"
        // Stored, not deflated, so that the file is larger than twice the preview's window.
        try EpubBuilder.write(builder.members.map { EpubBuilder.Member($0.name, $0.bytes, deflated: false) }, to: path)
        let size = try #require(BookFile.identity(path)).bytes
        #expect(size > 2 * BookPreview.defaultWindow)
        #expect(BookPreview.open(path: path, paths: home.novelPaths) == nil)
        let session = try ReadingSession.open(path: path, paths: home.novelPaths)
        #expect(session.book.epub != nil)
        let middle = session.book.text.utf8.count / 2
        try session.update { $0.save(BookmarkFactory.position(book: session.book, offset: middle)) }
        #expect(BookPreview.open(path: path, paths: home.novelPaths) == nil)
    }
}
