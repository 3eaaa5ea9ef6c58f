/// An EPUB's package document (the OPF), as `META-INF/container.xml` names it: the book's metadata, its
/// manifest of members, its spine (the reading order) and where its table of contents is (the EPUB 3
/// navigation document, the EPUB 2 NCX). Reading it also refuses a book encrypted with DRM (`EpubDRM`).
public struct EpubPackage: Sendable {
    /// One file of the book, as the manifest lists it.
    public struct Item: Equatable, Sendable {
        public let id: String
        /// The href as written in the package.
        public let href: String
        /// The member it names (resolved against the package's own path), or nil when the href is a URL
        /// outside the book (a remote resource).
        public let path: String?
        public let mediaType: String
        /// The `properties` tokens (`nav`, `cover-image`, `scripted` …).
        public let properties: [String]
    }

    /// One entry of the reading order.
    public struct SpineItem: Equatable, Sendable {
        public let item: Item
        /// False for `linear="no"` (a note or answer page meant to be reached by a link): still read.
        public let isLinear: Bool
    }

    /// The metadata a reader shows.
    public struct Metadata: Equatable, Sendable {
        /// The main `dc:title` (an EPUB 3 `title-type` of `main` chosen first), white space collapsed.
        public let title: String?
        /// Every `dc:creator`, in order.
        public let creators: [String]
        /// The first `dc:language` (a BCP 47 tag such as `zh-CN`, `en`).
        public let language: String?
    }

    /// The package document's member path.
    public let path: String
    /// The package's `version` attribute (`2.0`, `3.0`), when it has one.
    public let version: String?
    public let metadata: Metadata
    /// The manifest, in the package's order.
    public let manifest: [Item]
    /// The reading order.
    public let spine: [SpineItem]
    /// The EPUB 3 navigation document (the manifest item whose properties hold `nav`).
    public let navigation: Item?
    /// The EPUB 2 NCX (the spine's `toc`, else the manifest's item of the NCX media type).
    public let ncx: Item?

    static let ncxMediaType = "application/x-dtbncx+xml"

    /// Reads the package of the book in `archive`, and refuses it when it is encrypted with DRM.
    public static func read(from archive: EpubArchive) throws(EpubError) -> EpubPackage {
        let path = try EpubContainer.packagePath(in: archive)
        guard archive.member(path) != nil else { throw .missingPackage(path: archive.path, member: path) }
        let package = try parse(archive.read(path), path: path, book: archive.path)
        try EpubDRM.check(archive, spine: package.spine)
        return package
    }

    /// The package from its document's bytes; `path` is its member path, `book` the book's file.
    public static func parse(_ bytes: [UInt8], path: String, book: String) throws(EpubError) -> EpubPackage {
        guard let tree = XMLTree.parse(bytes) else {
            throw .malformedPackage(path: book, member: path, reason: "not an XML document")
        }
        let root = tree.root
        guard root.name == "package" else {
            throw .malformedPackage(path: book, member: path, reason: "its root is <\(root.name)>, not <package>")
        }
        var manifest: [Item] = []
        var byID: [String: Item] = [:]
        for element in root.element(named: "manifest")?.elements(named: "item") ?? [] {
            guard let id = element.attribute("id")?.trimmingXMLSpace(), !id.isEmpty,
                let href = element.attribute("href"), !href.trimmingXMLSpace().isEmpty, byID[id] == nil
            else { continue }
            var member: String?
            if case .member(let name, _) = try EpubPath.resolve(href, against: path, in: book) { member = name }
            let item = Item(
                id: id, href: href, path: member, mediaType: element.attribute("media-type")?.trimmingXMLSpace() ?? "",
                properties: tokens(element.attribute("properties")))
            manifest.append(item)
            byID[id] = item
        }
        guard let spineElement = root.element(named: "spine") else {
            throw .malformedPackage(path: book, member: path, reason: "it has no spine")
        }
        // An itemref naming no item, or an item outside the book, is left out, as reading systems do.
        let spine = spineElement.elements(named: "itemref").compactMap { itemref -> SpineItem? in
            guard let id = itemref.attribute("idref")?.trimmingXMLSpace(), let item = byID[id], item.path != nil
            else { return nil }
            return SpineItem(item: item, isLinear: itemref.attribute("linear")?.trimmingXMLSpace() != "no")
        }
        guard !spine.isEmpty else { throw .emptySpine(path: book, member: path) }
        let local = manifest.filter { $0.path != nil }
        let ncx =
            spineElement.attribute("toc").flatMap { byID[$0.trimmingXMLSpace()] }.flatMap { $0.path != nil ? $0 : nil }
            ?? local.first { $0.mediaType == ncxMediaType }
        return EpubPackage(
            path: path, version: root.attribute("version")?.trimmingXMLSpace(),
            metadata: metadata(root.element(named: "metadata")), manifest: manifest, spine: spine,
            navigation: local.first { $0.properties.contains("nav") }, ncx: ncx)
    }

    /// The metadata of the `metadata` element (OPF 2 may wrap Dublin Core in a `dc-metadata` inside it).
    static func metadata(_ element: XMLTree.Element?) -> Metadata {
        guard let element else { return Metadata(title: nil, creators: [], language: nil) }
        func texts(_ name: String) -> [(id: String?, text: String)] {
            element.descendants(named: name).compactMap { found in
                let text = found.text.collapsingXMLSpace()
                return text.isEmpty ? nil : (found.attribute("id"), text)
            }
        }
        let titles = texts("title")
        // EPUB 3 marks the main title by a refinement: <meta refines="#id" property="title-type">main</meta>.
        let mainIDs = Set(
            element.descendants(named: "meta").compactMap { meta -> String? in
                guard meta.attribute("property")?.trimmingXMLSpace() == "title-type",
                    meta.text.trimmingXMLSpace() == "main", let refines = meta.attribute("refines")
                else { return nil }
                return String(refines.trimmingXMLSpace().drop { $0 == "#" })
            })
        let main = titles.first { $0.id.map(mainIDs.contains) ?? false } ?? titles.first
        return Metadata(
            title: main?.text, creators: texts("creator").map(\.text), language: texts("language").first?.text)
    }

    /// A space-separated list of tokens.
    static func tokens(_ value: String?) -> [String] {
        (value ?? "").unicodeScalars.split(whereSeparator: XMLSpace.isSpace).map { String($0) }
    }
}
