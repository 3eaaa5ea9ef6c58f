// Temporary: the tree's reading of a navigation, the oracle the stream is compared with.
extension EpubNavigation {
    /// The entries of an EPUB 3 navigation document (`member` is its path). A document that is not
    /// well-formed XML (an `&nbsp;` never declared, tag soup) is read by the HTML parser, as a browser would.
    static func treeNavigationPoints(_ bytes: [UInt8], member: String, book: String) throws(EpubError)
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
                    points.append(try treePoint(title, href: href, resolver: &resolver, depth: top.depth))
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
    static func treeNCXPoints(_ bytes: [UInt8], member: String, book: String) throws(EpubError) -> [EpubNavPoint] {
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
                points.append(try treePoint(title, href: href, resolver: &resolver, depth: top.depth))
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

    private static func treePoint(
        _ title: String, href: String?, resolver: inout EpubPath.Resolver, depth: Int
    ) throws(EpubError) -> EpubNavPoint {
        guard let href, !href.trimmingXMLSpace().isEmpty,
            case .member(let target, let fragment) = try resolver.resolve(href)
        else { return EpubNavPoint(title: title, member: nil, fragment: nil, depth: depth) }
        return EpubNavPoint(title: title, member: target, fragment: fragment, depth: depth)
    }

}
