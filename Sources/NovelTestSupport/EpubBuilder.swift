import Foundation
import NovelCore

/// EPUB books made in tests, written as zip archives through libzip (`ZipWriter`): `mimetype` stored
/// first, `META-INF/container.xml`, the package document, the navigation document (EPUB 3) and the NCX
/// (EPUB 2, or both), then the content documents. Every part can be changed or left out, and members added
/// or replaced, to make the broken books the reader must refuse.
public struct EpubBuilder: Sendable {
    public enum Version: Sendable {
        case epub2
        case epub3
    }

    /// One member of the archive.
    public struct Member: Sendable {
        public var name: String
        public var bytes: [UInt8]
        public var deflated: Bool

        public init(_ name: String, _ bytes: [UInt8], deflated: Bool = true) {
            self.name = name
            self.bytes = bytes
            self.deflated = deflated
        }

        public init(_ name: String, _ text: String, deflated: Bool = true) {
            self.init(name, Array(text.utf8), deflated: deflated)
        }
    }

    /// A content document of the spine: its path from the package's folder, and its body's XHTML.
    public struct Document: Sendable {
        public var href: String
        public var body: String
        public var isLinear: Bool

        public init(_ href: String, body: String, isLinear: Bool = true) {
            self.href = href
            self.body = body
            self.isLinear = isLinear
        }
    }

    /// An entry of the table of contents (its href relative to the package's folder), with nested entries.
    public struct NavEntry: Sendable {
        public var title: String
        public var href: String?
        public var children: [NavEntry]

        public init(_ title: String, href: String?, children: [NavEntry] = []) {
            self.title = title
            self.href = href
            self.children = children
        }
    }

    public var version: Version
    public var title = "A Book Made in a Test"
    public var creators = ["A. Writer"]
    public var language = "en"
    /// The package document's member path; content, navigation and NCX sit in its folder.
    public var packagePath = "OEBPS/content.opf"
    public var documents: [Document]
    public var toc: [NavEntry]
    /// Whether the book has a navigation document (EPUB 3's own table of contents).
    public var hasNavigationDocument: Bool
    /// Whether the book has an NCX (EPUB 2's table of contents; EPUB 3 books often keep one too).
    public var hasNCX: Bool
    /// Manifest items added as they are (fonts, images, items that are not in the spine).
    public var extraManifestItems: [String] = []
    /// Members added after the book's own (an `encryption.xml`, fonts, a rights file).
    public var extraMembers: [Member] = []

    public init(version: Version = .epub3, documents: [Document], toc: [NavEntry]) {
        self.version = version
        self.documents = documents
        self.toc = toc
        hasNavigationDocument = version == .epub3
        hasNCX = version == .epub2
    }

    /// A small book of `chapters` chapters, one document each, with a flat table of contents.
    public static func sample(version: Version = .epub3, chapters: Int = 3) -> EpubBuilder {
        let documents = (1...max(chapters, 1)).map { number in
            Document(
                "text/chapter\(number).xhtml",
                body: "<h1 id=\"c\(number)\">Chapter \(number)</h1>\n<p>The text of chapter \(number).</p>")
        }
        let toc = (1...max(chapters, 1)).map { NavEntry("Chapter \($0)", href: "text/chapter\($0).xhtml") }
        return EpubBuilder(version: version, documents: documents, toc: toc)
    }

    /// The folder of the package document, with its slash ("" at the root).
    var folder: String {
        guard let slash = packagePath.lastIndex(of: "/") else { return "" }
        return String(packagePath[...slash])
    }

    /// The archive's members in order.
    public var members: [Member] {
        var members = [
            Member("mimetype", "application/epub+zip", deflated: false),
            Member("META-INF/container.xml", containerXML),
            Member(packagePath, packageXML),
        ]
        if hasNavigationDocument { members.append(Member(folder + "nav.xhtml", navigationXHTML)) }
        if hasNCX { members.append(Member(folder + "toc.ncx", ncxXML)) }
        for document in documents {
            members.append(Member(folder + document.href, Self.xhtml(title: title, body: document.body)))
        }
        return members + extraMembers
    }

    /// The members with the one called `name` replaced by `bytes` (or added at the end when absent).
    public func members(replacing name: String, with bytes: [UInt8]) -> [Member] {
        var members = self.members
        if let index = members.firstIndex(where: { $0.name == name }) {
            members[index].bytes = bytes
        } else {
            members.append(Member(name, bytes))
        }
        return members
    }

    /// Writes the book to `path`.
    public func write(to path: String) throws {
        try Self.write(members, to: path)
    }

    /// The book's bytes.
    public func bytes() throws -> [UInt8] {
        try Self.bytes(of: members)
    }

    /// Writes a zip archive of `members`, in order.
    public static func write(_ members: [Member], to path: String) throws {
        let writer = try ZipWriter(path: path)
        for member in members { try writer.add(member.name, member.bytes, deflated: member.deflated) }
        try writer.finish()
    }

    /// The bytes of a zip archive of `members`.
    public static func bytes(of members: [Member]) throws -> [UInt8] {
        let folder = try TemporaryDirectory("epub-builder")
        defer { folder.remove() }
        let path = folder.path + "/book.epub"
        try write(members, to: path)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    public var containerXML: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>
        """
    }

    public var packageXML: String {
        var manifest: [String] = []
        if hasNavigationDocument {
            manifest.append(#"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>"#)
        }
        if hasNCX { manifest.append(#"<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>"#) }
        var spine: [String] = []
        for (number, document) in documents.enumerated() {
            manifest.append(
                #"<item id="doc\#(number)" href="\#(document.href)" media-type="application/xhtml+xml"/>"#)
            spine.append(#"<itemref idref="doc\#(number)"\#(document.isLinear ? "" : #" linear="no""#)/>"#)
        }
        manifest += extraManifestItems
        let creators = self.creators.map { "<dc:creator>\(Self.escaped($0))</dc:creator>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="\(version == .epub3 ? "3.0" : "2.0")" \
            unique-identifier="id">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="id">urn:uuid:00000000-0000-4000-8000-000000000000</dc:identifier>
                <dc:title>\(Self.escaped(title))</dc:title>
                \(creators.joined(separator: "\n    "))
                <dc:language>\(language)</dc:language>
              </metadata>
              <manifest>
                \(manifest.joined(separator: "\n    "))
              </manifest>
              <spine\(hasNCX ? #" toc="ncx""# : "")>
                \(spine.joined(separator: "\n    "))
              </spine>
            </package>
            """
    }

    public var navigationXHTML: String {
        func list(_ entries: [NavEntry]) -> String {
            let items = entries.map { entry in
                let label =
                    entry.href.map { #"<a href="\#($0)">\#(Self.escaped(entry.title))</a>"# }
                    ?? "<span>\(Self.escaped(entry.title))</span>"
                return "<li>" + label + (entry.children.isEmpty ? "" : list(entry.children)) + "</li>"
            }
            return "<ol>" + items.joined() + "</ol>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
            <head><title>Contents</title></head>
            <body>
            <nav epub:type="toc" id="toc"><h1>Contents</h1>\(list(toc))</nav>
            </body>
            </html>
            """
    }

    public var ncxXML: String {
        var order = 0
        func points(_ entries: [NavEntry]) -> String {
            entries.map { entry in
                order += 1
                return """
                    <navPoint id="p\(order)" playOrder="\(order)"><navLabel><text>\(Self.escaped(entry.title))</text>\
                    </navLabel><content src="\(entry.href ?? "")"/>\(points(entry.children))</navPoint>
                    """
            }.joined()
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
            <head><meta name="dtb:uid" content="urn:uuid:00000000-0000-4000-8000-000000000000"/></head>
            <docTitle><text>\(Self.escaped(title))</text></docTitle>
            <navMap>\(points(toc))</navMap>
            </ncx>
            """
    }

    /// A content document around `body`.
    public static func xhtml(title: String, body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>\(escaped(title))</title></head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// Text escaped for XML content and attribute values.
    public static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
