import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A book encrypted with DRM is refused; obfuscated fonts alone are not DRM.
@Suite struct EpubDRMTests {
    static func encryption(_ entries: [(algorithm: String, uri: String)]) -> EpubBuilder.Member {
        let data = entries.map { entry in
            """
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="\(entry.algorithm)"/>
            <enc:CipherData><enc:CipherReference URI="\(entry.uri)"/></enc:CipherData></enc:EncryptedData>
            """
        }
        return .init(
            "META-INF/encryption.xml",
            """
            <?xml version="1.0"?>
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container"
              xmlns:enc="http://www.w3.org/2001/04/xmlenc#">\(data.joined())</encryption>
            """)
    }

    static func read(_ builder: EpubBuilder) throws -> EpubPackage {
        try EpubPackage.read(from: try EpubArchive(bytes: try builder.bytes(), path: "book.epub"))
    }

    @Test func fontObfuscationAloneOpens() throws {
        var builder = EpubBuilder.sample()
        builder.extraMembers = [
            Self.encryption([
                ("http://www.idpf.org/2008/embedding", "OEBPS/fonts/a.otf"),
                ("http://ns.adobe.com/pdf/enc#RC", "OEBPS/fonts/b.ttf"),
                // Obfuscation named on a content document is still only obfuscation.
                ("http://www.idpf.org/2008/embedding", "OEBPS/text/chapter1.xhtml"),
            ]), .init("OEBPS/fonts/a.otf", [1, 2, 3]),
        ]
        #expect(try Self.read(builder).spine.count == 3)
    }

    @Test func anEncryptedImageAloneOpens() throws {
        var builder = EpubBuilder.sample()
        builder.extraMembers = [
            Self.encryption([("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/images/a.jpg")])
        ]
        #expect(try Self.read(builder).spine.count == 3)
    }

    @Test func anEncryptedContentDocumentIsDRM() throws {
        var builder = EpubBuilder.sample()
        builder.extraMembers = [
            Self.encryption([("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/text/chapter%32.xhtml")])
        ]
        let error = EpubError.drm(
            path: "book.epub", evidence: "META-INF/encryption.xml encrypts OEBPS/text/chapter2.xhtml")
        #expect(throws: error) { try Self.read(builder) }
        #expect(error.description.hasPrefix("book.epub: encrypted with DRM: novel cannot read it"))
        #expect(error.isBadInput)
    }

    @Test(arguments: ["META-INF/rights.xml", "META-INF/sinf.xml"])
    func adobeAndAppleRightsFilesAreDRM(file: String) throws {
        var builder = EpubBuilder.sample()
        builder.extraMembers = [.init(file, "<rights/>")]
        #expect(throws: EpubError.drm(path: "book.epub", evidence: file)) { try Self.read(builder) }
    }
}
