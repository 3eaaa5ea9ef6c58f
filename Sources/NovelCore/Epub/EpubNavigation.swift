/// One entry of a book's own table of contents.
public struct EpubNavPoint: Equatable, Sendable {
    /// The entry's title, trimmed, white space inside it collapsed.
    public let title: String
    /// The member it points at, or nil for a heading without a link (`<span>` in a navigation document).
    public let member: String?
    /// The element id inside the member it points at (`#fragment`), when it names one.
    public let fragment: String?
    /// 0 for a top-level entry, 1 for one nested inside it, and so on.
    public let depth: Int

    public init(title: String, member: String?, fragment: String?, depth: Int) {
        self.title = title
        self.member = member
        self.fragment = fragment
        self.depth = depth
    }
}

/// A book's table of contents from its own navigation: the EPUB 3 navigation document's
/// `<nav epub:type="toc">` (nested `ol`/`li`/`a`|`span`), else the EPUB 2 NCX (`navMap`, nested
/// `navPoint`s with `navLabel` and `content`). Empty when the book has neither, or neither lists anything:
/// the caller then splits the spine's text into chapters itself.
public enum EpubNavigation {
    static let opsNamespace = "http://www.idpf.org/2007/ops"

    public static func read(from archive: EpubArchive, package: EpubPackage) throws(EpubError) -> [EpubNavPoint] {
        try read(from: archive, package: package, navigationBytes: nil)
    }

    /// The EPUB 3 navigation document's member, when the package names one the archive holds.
    static func navigationMember(_ archive: EpubArchive, _ package: EpubPackage) -> EpubArchive.Member? {
        package.navigation?.path.flatMap { archive.member($0) }
    }

    /// `read`, with the navigation document's bytes when they were read already (`navigationBytes`, from
    /// `navigationMember`): a first screen reads them before it parses them beside its documents, whose
    /// reads would hold the archive meanwhile.
    static func read(
        from archive: EpubArchive, package: EpubPackage, navigationBytes: [UInt8]?
    ) throws(EpubError) -> [EpubNavPoint] {
        if let member = navigationMember(archive, package) {
            let bytes: [UInt8]
            if let navigationBytes { bytes = navigationBytes } else { bytes = try archive.read(member) }
            let points = try navigationPoints(bytes, member: member.name, book: archive.path)
            if !points.isEmpty { return points }
        }
        if let item = package.ncx, let member = item.path, archive.member(member) != nil {
            return try ncxPoints(archive.read(member), member: member, book: archive.path)
        }
        return []
    }

    /// The points with their depths made the levels a reader sees: the first at 0, and each at most one
    /// deeper than the one before. A list nested in an item without a title of its own, or a navigation
    /// that opens deeper than its first level, would otherwise start at depth 2 or skip a level; such an
    /// entry goes under the nearest entry before it that is shallower in the document.
    static func levelled(_ points: [EpubNavPoint]) -> [EpubNavPoint] {
        var open: [Int] = []  // the document depths of the entries each new one may sit under
        return points.map { point in
            while let last = open.last, last >= point.depth { open.removeLast() }
            let level = open.count
            open.append(point.depth)
            return EpubNavPoint(title: point.title, member: point.member, fragment: point.fragment, depth: level)
        }
    }

    /// The entries of an EPUB 3 navigation document (`member` is its path). A document that is not
    /// well-formed XML (an `&nbsp;` never declared, tag soup) is read by the HTML parser, as a browser would.
    public static func navigationPoints(_ bytes: [UInt8], member: String, book: String) throws(EpubError)
        -> [EpubNavPoint]
    {
        guard var tree = XMLTree.parse(bytes) else { return [] }
        if !tree.isWellFormed, let html = XMLTree.parse(bytes, as: .html) { tree = html }
        let navs = tree.root.descendants(named: "nav")
        guard let toc = navs.first(where: isTableOfContents) ?? (navs.count == 1 ? navs.first : nil),
            let list = toc.firstDescendant(named: "ol")
        else { return [] }
        var points: [EpubNavPoint] = []
        var resolver = EpubPath.Resolver(base: member, book: book)
        // (list, depth) pairs still to read, the next one last; each list's items in order, an item's own
        // list read right after it.
        var pending: [(items: ArraySlice<XMLTree.Element>, depth: Int)] = [(list.elements(named: "li")[...], 0)]
        while var top = pending.popLast() {
            guard let item = top.items.popFirst() else { continue }
            pending.append(top)
            var childDepth = top.depth + 1
            if let label = label(of: item) {
                let title = navigationTitle(label.text)
                if !title.isEmpty {
                    let href = label.name == "a" ? label.attribute("href") : nil
                    points.append(try point(title, href: href, resolver: &resolver, depth: top.depth))
                } else {
                    childDepth = top.depth  // an item without a title does not make a level of its own
                }
            }
            if let nested = item.element(named: "ol") {
                pending.append((nested.elements(named: "li")[...], childDepth))
            }
        }
        return levelled(points)
    }

    /// The entries of an EPUB 2 NCX (`member` is its path).
    public static func ncxPoints(_ bytes: [UInt8], member: String, book: String) throws(EpubError) -> [EpubNavPoint] {
        guard let tree = XMLTree.parse(bytes), let map = tree.root.descendants(named: "navMap").first else { return [] }
        var points: [EpubNavPoint] = []
        var resolver = EpubPath.Resolver(base: member, book: book)
        var pending: [(items: ArraySlice<XMLTree.Element>, depth: Int)] = [(map.elements(named: "navPoint")[...], 0)]
        while var top = pending.popLast() {
            guard let navPoint = top.items.popFirst() else { continue }
            pending.append(top)
            var childDepth = top.depth + 1
            let title = navigationTitle(navPoint.element(named: "navLabel")?.element(named: "text")?.text ?? "")
            if !title.isEmpty {
                let href = navPoint.element(named: "content")?.attribute("src")
                points.append(try point(title, href: href, resolver: &resolver, depth: top.depth))
            } else {
                childDepth = top.depth
            }
            let nested = navPoint.elements(named: "navPoint")
            if !nested.isEmpty { pending.append((nested[...], childDepth)) }
        }
        return levelled(points)
    }

    /// An item's label: its `a` or `span` child, else the first link inside it outside its nested list
    /// (`<li><p><a>`, which some books write).
    private static func label(of item: XMLTree.Element) -> XMLTree.Element? {
        let own = item.elements.filter { $0.name != "ol" }
        return own.first { $0.name == "a" || $0.name == "span" }
            ?? own.lazy.flatMap { $0.descendants(named: "a") }.first
    }

    /// Whether a `nav` element is the table of contents (`epub:type="toc"`, or `role="doc-toc"`).
    private static func isTableOfContents(_ nav: XMLTree.Element) -> Bool {
        let types = nav.attribute("type", namespace: opsNamespace) ?? nav.attribute("epub:type")
        return EpubPackage.tokens(types).contains("toc") || nav.attribute("role")?.trimmingXMLSpace() == "doc-toc"
    }

    private static func point(
        _ title: String, href: String?, resolver: inout EpubPath.Resolver, depth: Int
    ) throws(EpubError) -> EpubNavPoint {
        guard let href, !href.trimmingXMLSpace().isEmpty,
            case .member(let target, let fragment) = try resolver.resolve(href)
        else { return EpubNavPoint(title: title, member: nil, fragment: nil, depth: depth) }
        return EpubNavPoint(title: title, member: target, fragment: fragment, depth: depth)
    }

    /// A title as shown: white space collapsed, and blanks of any kind (U+3000, no-break spaces) trimmed.
    static func navigationTitle(_ text: String) -> String {
        let collapsed = text.collapsingXMLSpace()
        // Trimmed by index: building the title through reversed views costs a first screen milliseconds
        // in a navigation of a thousand entries.
        guard let first = collapsed.firstIndex(where: { !$0.isWhitespace }),
            let last = collapsed.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(collapsed[first...last])
    }
}
