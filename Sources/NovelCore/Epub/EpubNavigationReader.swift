/// The entries of a navigation document's table of contents or of an NCX, read from the parser's stream
/// of events (`XMLStream`) with no tree built: a long book's navigation lists thousands of entries, and a
/// first screen waits for them. The rules are those of the document's tree, kept entry for entry:
///
/// - navigation: the `nav` marked as the table of contents (`epub:type="toc"`, `role="doc-toc"`), else the
///   only `nav` not marked as another list (landmarks, a page list); in it the first `ol`, whose `li`
///   children are the entries, each `li`'s first `ol` child holding the entries nested in it. An entry's
///   label is its first `a` or `span` child, else the first link inside its other children (not inside a
///   nested list); a ruby's reading (`rt`, and the `rp` around it) is not part of a label; a label with
///   no text makes no entry and no level, an item without a label makes no entry but a level.
/// - NCX: the `navMap`'s `navPoint` children, each with the text of its first `navLabel`'s first `text`,
///   the `src` of its first `content`, and its own `navPoint` children nested in it; an entry without a
///   title makes no level.
///
/// A navigation document that is not well-formed XML (an `&nbsp;` never declared, tag soup) is read again
/// by the HTML parser, as a browser would read it.
final class EpubNavigationReader: XMLStreamSink {
    enum Shape {
        case navigation
        case ncx
    }

    /// An entry as the document gives it: its title as shown (`EpubNavigation.navigationTitle`), its href
    /// as written (nil for a label that is not a link), and how deep it is nested (before `levelled`).
    struct Entry: Equatable {
        let title: String
        let href: String?
        let depth: Int
    }

    /// The entries of `bytes` read as `shape`, in document order.
    static func entries(_ bytes: [UInt8], shape: Shape) -> [Entry] {
        entries(bytes, shape: shape, until: nil).entries
    }

    /// The entries of `bytes` read as `shape` up to the end of the first entry outside any other for which,
    /// or for an entry nested in which, `enough` is true, and whether the reading stopped there (else it read
    /// them all). It stops only where
    /// nothing after could change what was read: inside the table of contents itself (the `toc` nav, or the
    /// `navMap`, which no later list replaces), between entries outside any other (a nested entry's level
    /// is final only at its parent's end), and in well-formed XML (a document that needs the HTML parser is
    /// read whole, as that parser reads it).
    static func entries(_ bytes: [UInt8], shape: Shape, until enough: ((Entry) -> Bool)?) -> (
        entries: [Entry], stoppedEarly: Bool
    ) {
        let reader = EpubNavigationReader(shape: shape)
        reader.enough = enough
        guard let outcome = XMLStream.parse(bytes, as: .xml, into: reader), outcome.sawElement else {
            return ([], false)
        }
        if outcome.stoppedEarly {
            guard outcome.isWellFormed else { return (entries(bytes, shape: shape), false) }
            return (reader.result(), true)
        }
        return (entries(readWhole: bytes, shape: shape, reader: reader, outcome: outcome), false)
    }

    /// The entries of a document read to its end by `reader`, read again by the HTML parser when it was a
    /// navigation document that is not well-formed XML.
    private static func entries(
        readWhole bytes: [UInt8], shape: Shape, reader: EpubNavigationReader, outcome: XMLStream.Outcome
    ) -> [Entry] {
        if shape == .navigation, !outcome.isWellFormed {
            // In the encoding a content document would be read in: left to choose, the HTML parser reads a
            // document without a `meta` charset as Latin-1, which garbles every title past ASCII.
            let encoding = XHTMLDeclaredEncoding.encoding(of: bytes)
            let html = EpubNavigationReader(shape: shape)
            if let again = XMLStream.parse(
                XHTMLDeclaredEncoding.readable(bytes, in: encoding), as: .html, htmlEncoding: encoding, into: html),
                again.sawElement
            {
                return html.result()
            }
        }
        return reader.result()
    }

    private let shape: Shape
    /// Where to stop reading (`entries(_:shape:until:)`), and whether it was met.
    private var enough: ((Entry) -> Bool)?
    private(set) var hasEnough = false
    /// How many elements are open (the root is at depth 0).
    private var depth = 0
    /// The `nav` or `navMap` being read, if any.
    private var reading: ListReading?
    /// The table of contents read so far, and whether it is the `toc` nav's (which wins), or the first nav's
    /// (which counts only when it is the only one).
    private var read: [Entry]?
    private var navigations = 0
    private var foundTableOfContents = false

    private init(shape: Shape) {
        self.shape = shape
    }

    private func result() -> [Entry] {
        // A document that ends inside the list (recovery keeps what was read) ends its open elements here.
        while reading != nil {
            reading!.end()
            if reading!.isFinished { finishReading() }
        }
        switch shape {
        case .navigation: return foundTableOfContents || navigations == 1 ? read ?? [] : []
        case .ncx: return read ?? []
        }
    }

    func startElement(_ tag: XMLStream.StartTag) {
        defer { depth += 1 }
        if reading != nil {
            reading!.start(tag)
        }
        guard depth >= 1 else { return }  // the root is never the list's own element
        switch shape {
        case .navigation:
            guard tag.isNamed("nav"), !foundTableOfContents else { return }
            let isTableOfContents = Self.isTableOfContents(tag)
            // Landmarks, a page list, a list of illustrations: never the table of contents, even alone.
            guard isTableOfContents || !Self.isOtherList(tag) else { return }
            navigations += 1
            if isTableOfContents {
                foundTableOfContents = true
                read = nil
                reading = ListReading(shape: shape)
            } else if navigations == 1 {
                reading = ListReading(shape: shape)
            } else {
                read = nil  // two navs and no toc yet: the first is no longer the only one
                reading = nil
            }
        case .ncx:
            guard read == nil, reading == nil, tag.isNamed("navMap") else { return }
            reading = ListReading(shape: shape)
        }
    }

    func endElement() {
        depth -= 1
        guard reading != nil else { return }
        let closed = reading!.end()
        if reading!.isFinished {
            finishReading()
        } else if let closed, let enough, shape == .ncx || foundTableOfContents {
            hasEnough = reading!.entries[closed...].contains { $0.map(enough) ?? false }
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if reading != nil { reading!.text(bytes) }
    }

    private func finishReading() {
        read = reading?.entries.compactMap { $0 } ?? []
        reading = nil
    }

    /// Whether a `nav` is the table of contents (`epub:type="toc"`, or `role="doc-toc"`).
    private static func isTableOfContents(_ nav: XMLStream.StartTag) -> Bool {
        types(nav).contains("toc") || nav.attribute("role")?.trimmingXMLSpace() == "doc-toc"
    }

    /// Whether a `nav` is marked as another list than the table of contents (`landmarks`, `page-list`,
    /// `loi`, `role="doc-pagelist"` …).
    private static func isOtherList(_ nav: XMLStream.StartTag) -> Bool {
        !types(nav).isEmpty || !(nav.attribute("role")?.trimmingXMLSpace() ?? "").isEmpty
    }

    private static func types(_ nav: XMLStream.StartTag) -> [String] {
        EpubPackage.tokens(nav.attribute("type", namespace: EpubNavigation.opsNamespace) ?? nav.attribute("epub:type"))
    }
}

/// The reading of one `nav` or `navMap`, from its start to its end: its elements' roles, the entries open,
/// and the entries made, each in its place (an entry's title is known only at its end, after the entries
/// nested in it).
private struct ListReading {
    let shape: EpubNavigationReader.Shape

    /// What an element open inside the `nav` or `navMap` is to the reading.
    private enum Role {
        /// Holds no entry and no label.
        case other
        /// A list whose `li` (`navPoint`) children are entries at this depth.
        case list(depth: Int)
        /// An entry (`items`' index).
        case item(Int)
        /// Inside an entry, outside its lists: where its label may be (a link inside it).
        case own(Int)
        /// An NCX entry's first `navLabel`.
        case navigationLabel(Int)
        /// A ruby's reading (`rt`, `rtc`) or the parenthesis around it (`rp`): no part of a label, which is
        /// the base text (as it reads with the readings hidden, and as the heading it names begins).
        case rubyAnnotation
    }

    /// An entry being read.
    private struct Item {
        /// Its place in `entries`, and its depth in the document.
        let slot: Int
        let depth: Int
        /// Its first `a` or `span` child (an NCX entry's `text`), and the first link inside its other children.
        var label: Label?
        var innerLink: Label?
        var hasList = false
        var hasNavigationLabel = false
        var hasText = false
        var hasContent = false
        var source: String?
    }

    private struct Label {
        let isLink: Bool
        let href: String?
        /// Its element's place in `roles`, while it is open.
        var element: Int?
        var utf8: [UInt8] = []
    }

    private var roles: [Role]
    private var items: [Item] = []
    private var listFound: Bool
    /// How many ruby readings are open: their text is not read into a label.
    private var openAnnotations = 0
    /// The entries in document order; nil where an item made no entry.
    private(set) var entries: [EpubNavigationReader.Entry?] = []

    init(shape: EpubNavigationReader.Shape) {
        self.shape = shape
        // The `nav` holds no entries itself (its first `ol` does); the `navMap` is the NCX's list.
        roles = [shape == .navigation ? .other : .list(depth: 0)]
        listFound = shape == .ncx
    }

    /// Whether its own element has ended.
    var isFinished: Bool { roles.isEmpty }

    mutating func start(_ tag: XMLStream.StartTag) {
        let element = roles.count
        let role: Role
        if tag.isNamed("rt") || tag.isNamed("rtc") || tag.isNamed("rp") {
            role = .rubyAnnotation
            openAnnotations += 1
        } else {
            switch shape {
            case .navigation: role = navigationRole(tag, element: element)
            case .ncx: role = ncxRole(tag, element: element)
            }
        }
        roles.append(role)
    }

    private mutating func navigationRole(_ tag: XMLStream.StartTag, element: Int) -> Role {
        if !listFound {
            guard tag.isNamed("ol") else { return .other }
            listFound = true
            return .list(depth: 0)
        }
        switch roles[element - 1] {
        case .list(let depth):
            return tag.isNamed("li") ? .item(open(depth: depth)) : .other
        case .item(let index):
            if tag.isNamed("ol") {
                // Only the first list is nested in the entry; any other holds neither entries nor its label.
                guard !items[index].hasList else { return .other }
                items[index].hasList = true
                return .list(depth: items[index].depth + 1)
            }
            if items[index].label == nil {
                if tag.isNamed("a") {
                    items[index].label = Label(isLink: true, href: tag.attribute("href"), element: element)
                } else if tag.isNamed("span") {
                    items[index].label = Label(isLink: false, href: nil, element: element)
                }
            }
            return .own(index)
        case .own(let index):
            if items[index].innerLink == nil, tag.isNamed("a") {
                items[index].innerLink = Label(isLink: true, href: tag.attribute("href"), element: element)
            }
            return .own(index)
        case .other, .navigationLabel, .rubyAnnotation:
            return .other
        }
    }

    private mutating func ncxRole(_ tag: XMLStream.StartTag, element: Int) -> Role {
        switch roles[element - 1] {
        case .list(let depth):
            return tag.isNamed("navPoint") ? .item(open(depth: depth)) : .other
        case .item(let index):
            if tag.isNamed("navPoint") { return .item(open(depth: items[index].depth + 1)) }
            if tag.isNamed("navLabel"), !items[index].hasNavigationLabel {
                items[index].hasNavigationLabel = true
                return .navigationLabel(index)
            }
            if tag.isNamed("content"), !items[index].hasContent {
                items[index].hasContent = true
                items[index].source = tag.attribute("src")
            }
            return .other
        case .navigationLabel(let index):
            if tag.isNamed("text"), !items[index].hasText {
                items[index].hasText = true
                items[index].label = Label(isLink: true, href: nil, element: element)
            }
            return .other
        case .other, .own, .rubyAnnotation:
            return .other
        }
    }

    /// A new entry at `depth`, its place kept in `entries`; returns its index in `items`.
    private mutating func open(depth: Int) -> Int {
        items.append(Item(slot: entries.count, depth: depth))
        entries.append(nil)
        return items.count - 1
    }

    /// An element's end; when it ends an entry outside any other, that entry's place in `entries`.
    @discardableResult
    mutating func end() -> Int? {
        let element = roles.count - 1
        let role = roles.removeLast()
        if !items.isEmpty {
            let last = items.count - 1
            if items[last].label?.element == element { items[last].label?.element = nil }
            if items[last].innerLink?.element == element { items[last].innerLink?.element = nil }
        }
        if case .rubyAnnotation = role { openAnnotations -= 1 }
        guard case .item = role else { return nil }
        let item = items.removeLast()
        close(item)
        return items.isEmpty ? item.slot : nil
    }

    /// Text is only ever read into the labels of the innermost entry: an outer entry's labels are its
    /// children, never around the list an inner entry is in.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !items.isEmpty, openAnnotations == 0 else { return }
        let last = items.count - 1
        if items[last].label?.element != nil { items[last].label?.utf8 += bytes }
        if items[last].innerLink?.element != nil { items[last].innerLink?.utf8 += bytes }
    }

    /// An entry at its end: made in its place when its label has a title. A label without one makes no
    /// level either, so that the entries nested in it move up one; an item without any label keeps
    /// its level (as the tree's reading does).
    private mutating func close(_ item: Item) {
        let title: String
        let href: String?
        switch shape {
        case .navigation:
            guard let label = item.label ?? item.innerLink else { return }
            title = EpubNavigation.navigationTitle(utf8: label.utf8)
            href = label.isLink ? label.href : nil
        case .ncx:
            title = EpubNavigation.navigationTitle(utf8: item.label?.utf8 ?? [])
            href = item.source
        }
        guard !title.isEmpty else {
            for nested in (item.slot + 1)..<entries.count {
                if let entry = entries[nested] {
                    entries[nested] = EpubNavigationReader.Entry(
                        title: entry.title, href: entry.href, depth: entry.depth - 1)
                }
            }
            return
        }
        entries[item.slot] = EpubNavigationReader.Entry(title: title, href: href, depth: item.depth)
    }
}
