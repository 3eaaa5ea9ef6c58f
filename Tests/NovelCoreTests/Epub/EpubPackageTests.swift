import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The container and the package document: metadata, manifest, spine, and every way they can be broken.
@Suite struct EpubPackageTests {
    static func open(_ members: [EpubBuilder.Member], path: String = "book.epub") throws -> EpubArchive {
        try EpubArchive(bytes: try EpubBuilder.bytes(of: members), path: path)
    }

    @Test(arguments: [EpubBuilder.Version.epub2, .epub3])
    func thePackageGivesMetadataManifestAndSpine(version: EpubBuilder.Version) throws {
        var builder = EpubBuilder.sample(version: version, chapters: 3)
        builder.title = "  The   Lamplighter\n"
        builder.creators = ["Maria S. Cummins", "An Editor"]
        builder.language = "en-GB"
        builder.documents[1].isLinear = false
        let package = try EpubPackage.read(from: try Self.open(builder.members))
        #expect(package.path == "OEBPS/content.opf")
        #expect(package.version == (version == .epub3 ? "3.0" : "2.0"))
        #expect(
            package.metadata
                == .init(title: "The Lamplighter", creators: ["Maria S. Cummins", "An Editor"], language: "en-GB"))
        #expect(package.spine.map(\.item.path) == (1...3).map { "OEBPS/text/chapter\($0).xhtml" })
        #expect(package.spine.map(\.isLinear) == [true, false, true])
        #expect(package.navigation?.path == (version == .epub3 ? "OEBPS/nav.xhtml" : nil))
        #expect(package.ncx?.path == (version == .epub2 ? "OEBPS/toc.ncx" : nil))
        #expect(package.manifest.first { $0.id == "doc0" }?.mediaType == "application/xhtml+xml")
    }

    @Test func thePackageMayLiveAtTheRootAndNameItsMainTitleByRefinement() throws {
        var builder = EpubBuilder.sample()
        builder.packagePath = "package.opf"
        let opf = builder.packageXML.replacingOccurrences(
            of: "<dc:title>A Book Made in a Test</dc:title>",
            with: """
                <dc:title id="sub">A Subtitle</dc:title><dc:title id="main">紅樓夢</dc:title>
                <meta refines="#main" property="title-type">main</meta>
                """)
        let members = builder.members(replacing: "package.opf", with: Array(opf.utf8))
        let package = try EpubPackage.read(from: try Self.open(members))
        #expect(package.metadata.title == "紅樓夢")
        #expect(package.spine.first?.item.path == "text/chapter1.xhtml")
    }

    @Test func aRemoteItemIsKeptOutOfTheSpineAndAnUnknownIdrefSkipped() throws {
        let builder = EpubBuilder.sample(chapters: 2)
        let opf = builder.packageXML
            .replacingOccurrences(
                of: "</manifest>",
                with:
                    #"<item id="remote" href="https://example.com/a.xhtml" media-type="application/xhtml+xml"/></manifest>"#
            )
            .replacingOccurrences(of: "</spine>", with: #"<itemref idref="remote"/><itemref idref="nowhere"/></spine>"#)
        let package = try EpubPackage.read(
            from: try Self.open(builder.members(replacing: builder.packagePath, with: Array(opf.utf8))))
        #expect(package.spine.count == 2)
        #expect(package.manifest.first { $0.id == "remote" }?.path == nil)
    }

    @Test func aMissingOrEmptyContainerIsRefusedWithItsMessage() throws {
        var members = EpubBuilder.sample().members
        members.removeAll { $0.name == EpubContainer.path }
        #expect(throws: EpubError.missingContainer(path: "book.epub")) {
            try EpubPackage.read(from: try Self.open(members))
        }
        let empty = EpubBuilder.sample().members(
            replacing: EpubContainer.path, with: Array("<container><rootfiles/></container>".utf8))
        let error = try #require(throws: EpubError.self) { try EpubPackage.read(from: try Self.open(empty)) }
        guard case .malformedContainer = error else { Issue.record("\(error)"); return }
        #expect(error.description.hasPrefix("book.epub: META-INF/container.xml names no package document"))
        let garbage = EpubBuilder.sample().members(replacing: EpubContainer.path, with: [0xFF, 0xFE, 0x00])
        #expect(throws: EpubError.self) { try EpubPackage.read(from: try Self.open(garbage)) }
    }

    @Test(arguments: ["../../etc/passwd", "/etc/passwd"])
    func aContainerPathLeavingTheArchiveIsRefused(fullPath: String) throws {
        var builder = EpubBuilder.sample()
        builder.packagePath = fullPath
        let error = try #require(throws: EpubError.self) { try EpubPackage.read(from: try Self.open(builder.members)) }
        guard case .unsafePath(_, let href, let source, _) = error else { Issue.record("\(error)"); return }
        #expect(href == fullPath && source == EpubContainer.path)
    }

    @Test func aManifestHrefClimbingOutIsRefused() throws {
        var builder = EpubBuilder.sample()
        builder.extraManifestItems = [#"<item id="evil" href="../../../etc/passwd" media-type="text/plain"/>"#]
        #expect(
            throws: EpubError.unsafePath(
                path: "book.epub", href: "../../../etc/passwd", in: "OEBPS/content.opf", problem: .climbsOut)
        ) { try EpubPackage.read(from: try Self.open(builder.members)) }
    }

    @Test func aMissingOrBrokenPackageIsRefusedWithItsMessage() throws {
        var members = EpubBuilder.sample().members
        members.removeAll { $0.name == "OEBPS/content.opf" }
        #expect(throws: EpubError.missingPackage(path: "book.epub", member: "OEBPS/content.opf")) {
            try EpubPackage.read(from: try Self.open(members))
        }
        let notPackage = EpubBuilder.sample().members(replacing: "OEBPS/content.opf", with: Array("<html/>".utf8))
        let error = try #require(throws: EpubError.self) { try EpubPackage.read(from: try Self.open(notPackage)) }
        #expect(
            error.description
                == "book.epub: the package document OEBPS/content.opf is malformed (its root is <html>, not <package>)")
        let notXML = EpubBuilder.sample().members(replacing: "OEBPS/content.opf", with: Array("just text".utf8))
        #expect(
            throws: EpubError.malformedPackage(
                path: "book.epub", member: "OEBPS/content.opf", reason: "not an XML document")
        ) {
            try EpubPackage.read(from: try Self.open(notXML))
        }
    }

    @Test func aPackageWithoutASpineOrWithAnEmptyOneIsRefused() throws {
        let builder = EpubBuilder.sample()
        let noSpine = builder.packageXML.replacingOccurrences(
            of: #"<spine[^>]*>[\s\S]*</spine>"#, with: "", options: .regularExpression)
        #expect(
            throws: EpubError.malformedPackage(
                path: "book.epub", member: "OEBPS/content.opf", reason: "it has no spine")
        ) {
            try EpubPackage.read(
                from: try Self.open(builder.members(replacing: builder.packagePath, with: Array(noSpine.utf8))))
        }
        let emptySpine = builder.packageXML.replacingOccurrences(
            of: #"<itemref [^>]*/>"#, with: "", options: .regularExpression)
        let error = EpubError.emptySpine(path: "book.epub", member: "OEBPS/content.opf")
        #expect(throws: error) {
            try EpubPackage.read(
                from: try Self.open(builder.members(replacing: builder.packagePath, with: Array(emptySpine.utf8))))
        }
        #expect(error.description == "book.epub: the spine of OEBPS/content.opf lists no content document")
    }

    @Test func aSlightlyBrokenPackageIsReadInRecovery() throws {
        let builder = EpubBuilder.sample(chapters: 2)
        // An unescaped ampersand and an undeclared entity: XML errors a recovering parser mends.
        let opf = builder.packageXML.replacingOccurrences(of: "A Book Made in a Test", with: "Pride & Prejudice")
            .replacingOccurrences(of: "</dc:language>", with: "</dc:language><dc:publisher>A&nbsp;House</dc:publisher>")
        let package = try EpubPackage.read(
            from: try Self.open(builder.members(replacing: builder.packagePath, with: Array(opf.utf8))))
        #expect(package.spine.count == 2)
        #expect(package.metadata.title?.hasPrefix("Pride") == true)
    }
}
