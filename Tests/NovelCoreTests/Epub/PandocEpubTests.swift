import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Books pandoc makes from our own Markdown, EPUB 2 and EPUB 3: the package, the spine and the navigation
/// as the tool that wrote them meant them.
@Suite(.enabled(if: Pandoc.isAvailable, Comment(rawValue: Pandoc.absentMessage)))
struct PandocEpubTests {
    static let markdown = """
        ---
        title: The Lamp and the Road
        author:
        - Ann Example
        - 王小明
        lang: zh-TW
        ---

        # Chapter One {#one}

        It was a dark night, and the lamp was lit.

        ## A Scene in the Rain {#rain}

        She walked on.

        ## Another Scene

        He waited.

        # 第二章　歸途

        回家的路很長。

        # Chapter Three

        The end.
        """

    @Test(arguments: [false, true])
    func pandocsBookReadsWithItsOwnNavigation(epub3: Bool) throws {
        let folder = try TemporaryDirectory("novel-pandoc-epub")
        defer { folder.remove() }
        let path = folder.path + "/book.epub"
        try Pandoc.epub(markdown: Self.markdown, epub3: epub3, to: path)
        #expect(EpubFormat.isEpub(path: path))
        let archive = try EpubArchive(path: path)
        let package = try EpubPackage.read(from: archive)
        #expect(package.version?.hasPrefix(epub3 ? "3" : "2") == true)
        #expect(package.metadata.title == "The Lamp and the Road")
        #expect(package.metadata.creators == ["Ann Example", "王小明"])
        #expect(package.metadata.language == "zh-TW")
        #expect(epub3 ? package.navigation != nil : package.navigation == nil)
        #expect(package.ncx != nil)
        // Every spine item is in the archive and reads.
        for item in package.spine { #expect(!(try archive.read(try #require(item.item.path))).isEmpty) }
        let points = try EpubNavigation.read(from: archive, package: package)
        let chapters = points.filter {
            ["Chapter One", "A Scene in the Rain", "Another Scene", "第二章　歸途", "Chapter Three"].contains($0.title)
        }
        #expect(
            chapters.map(\.title) == ["Chapter One", "A Scene in the Rain", "Another Scene", "第二章　歸途", "Chapter Three"])
        #expect(chapters.map(\.depth).map { $0 - chapters[0].depth } == [0, 1, 1, 0, 0])
        // Each entry lands on a member of the book, and a fragment on an element of that member.
        for point in points {
            let member = try #require(point.member, "\(point.title) has no member")
            let text = String(decoding: try archive.read(member), as: UTF8.self)
            if let fragment = point.fragment {
                #expect(text.contains("id=\"\(fragment)\""), "\(point.title): #\(fragment)")
            }
        }
        #expect(chapters.first { $0.title == "A Scene in the Rain" }?.fragment == "rain")
    }
}
