/// The spine's documents joined into one book text, with what points into it moved to book offsets: the
/// anchors TOC entries and links land on, emphasis, links and ruby readings as `BookMarkup`, and the
/// source map.
struct EpubAssembly {
    private(set) var utf8: [UInt8] = []
    private(set) var sources = EpubSourceMap()
    /// Where each document's text starts in the book, by member path.
    private(set) var documentStarts: [String: Int] = [:]
    /// Each appended document's text in the book, in spine order (an empty range where a document gave no
    /// text): what a reopen's first screen reads only some documents by (`EpubSpineRecord`).
    private(set) var documentSpans: [Range<Int>] = []
    /// Each appended document's `XHTMLText.declaredEncoding`, in spine order.
    private(set) var documentEncodings: [String?] = []
    /// Member path → (element id → book offset): a navigation of a thousand entries looks each up before
    /// the first screen, with no key made of the two.
    private(set) var anchors: [String: [String: Int]] = [:]
    private var styles: [StyledRange] = []
    private var rubyReadings: [Range<Int>] = []
    /// Members whose text was appended only in part (`appendStart`): an id not met in them lies past the cut.
    private(set) var cutMembers: Set<String> = []
    /// Links with their href still relative to `member`.
    private var pendingLinks: [(member: String, link: XHTMLLink, base: Int)] = []

    /// The most text reserved ahead: the declared sizes are the book's own word, and a forged directory
    /// must not make the reader reserve more than a book's text can be.
    static let reserveLimit = 1 << 30

    /// An empty book whose text is reserved at `expectedBytes` (the documents' declared size, which their
    /// text hardly passes: only list markers, ruby brackets and table padding add to it).
    init(expectedBytes: Int) {
        reserved = min(max(0, expectedBytes), Self.reserveLimit)
        utf8.reserveCapacity(reserved)
    }

    /// The bytes reserved for the book's text: a first document whose text has this much room becomes the
    /// text itself (`append`).
    let reserved: Int

    /// Adds the next document in spine order (`member` is its path). Each starts on a line of its own, a
    /// blank line after the one before, so that no paragraph runs from one document into the next.
    ///
    /// The first document's text, when it was made with room for the whole book (`XHTMLText.extract`'s
    /// `reserving`), becomes the book's text as it is: a book in one huge document is never held twice.
    /// The caller lets its document go after this call, so that the text has one owner and later documents
    /// are appended in place.
    mutating func append(member: String, text document: XHTMLText) {
        if !utf8.isEmpty, !document.utf8.isEmpty {
            if utf8.last != 0x0A { utf8.append(0x0A) }
            if !utf8.suffix(2).elementsEqual([0x0A, 0x0A]) { utf8.append(0x0A) }
        }
        let base = utf8.count
        documentSpans.append(base..<base + document.utf8.count)
        documentEncodings.append(document.declaredEncoding)
        if documentStarts[member] == nil { documentStarts[member] = base }
        if !document.anchors.isEmpty {
            var ids = anchors.removeValue(forKey: member) ?? [:]
            for (id, offset) in document.anchors where ids[id] == nil { ids[id] = base + offset }
            anchors[member] = ids
        }
        styles += document.styles.map { StyledRange(range: $0.range.shifted(by: base), style: $0.style) }
        rubyReadings += document.rubyReadings.map { $0.shifted(by: base) }
        pendingLinks += document.links.map { (member, $0, base) }
        sources.append(member: member, textBase: base, pairs: document.sourceOffsets)
        if utf8.isEmpty, document.utf8.capacity >= utf8.capacity {
            utf8 = document.utf8
        } else {
            utf8 += document.utf8
        }
    }

    /// Adds the start of the next document (`XHTMLText.extractStart`'s cut text), as the book's last one.
    mutating func appendStart(member: String, text document: XHTMLText) {
        append(member: member, text: document)
        cutMembers.insert(member)
    }

    /// The book offset an href target lands on: the element with the fragment's id, else the start of the
    /// member's text; nil for a member the spine does not hold, and for an id not met in a member read only
    /// in part (it lies past the text).
    func offset(member: String, fragment: String?) -> Int? {
        if let fragment, let anchored = anchors[member]?[fragment] { return anchored }
        if fragment != nil, cutMembers.contains(member) { return nil }
        return documentStarts[member]
    }

    /// The links, their hrefs resolved against the member that holds them: a link outside the book (a web
    /// address, a member the spine lacks) keeps no target; an href that climbs out of the archive is no
    /// link at all.
    var markup: BookMarkup {
        let links = pendingLinks.compactMap { pending -> BookLink? in
            guard let target = try? EpubPath.resolve(pending.link.href, against: pending.member) else { return nil }
            var offset: Int?
            if case .member(let member, let fragment) = target {
                offset = self.offset(member: member, fragment: fragment)
            }
            return BookLink(
                range: pending.link.range.shifted(by: pending.base), target: offset,
                isNote: pending.link.isNoteReference)
        }
        return BookMarkup(styles: styles, links: links, rubyReadings: rubyReadings)
    }

    /// The navigation's entries placed in the text, in the navigation's order. An entry without a target
    /// of its own (a heading `<span>` that groups the entries under it), or whose target the book lacks (a
    /// member the archive does not hold, an id its document never gives), lands where the next placed
    /// entry does, so that it is empty rather than taking an earlier entry's text, and never before the
    /// entry above it: the navigation's order is kept. One whose id is missing stays inside its own
    /// document: at its start when no entry before it lands there, else where the next placed entry does
    /// (at the document's end when that lies past it); one with no placed entry after it
    /// lands at the text's end. An entry whose member is in `notYetAppended` (a first screen assembles
    /// only the first documents) lands past the text so far and is left out, as is a heading whose next
    /// placed entry lands there; so is one whose id lies past the cut of a member read in part.
    func points(_ navigation: [EpubNavPoint], notYetAppended: Set<String> = []) -> [EpubTOCPoint] {
        let beyond = Int.max
        // What is known of an entry's member, looked up once for each run of entries in the same member (a
        // navigation of a thousand entries points into a few dozen documents, in order).
        var known: (member: String, ids: [String: Int]?, start: Int?, isCut: Bool, isUnread: Bool)?
        let offsets = navigation.map { point -> Int? in
            guard let member = point.member else { return nil }
            if known?.member != member {
                known = (
                    member, anchors[member], documentStarts[member], cutMembers.contains(member),
                    notYetAppended.contains(member)
                )
            }
            guard let facts = known else { return nil }
            if let fragment = point.fragment {
                if let anchored = facts.ids?[fragment] { return anchored }
                if facts.isCut { return beyond }  // past the cut
                if facts.start != nil { return nil }  // an id the document never gives
                return facts.isUnread ? beyond : nil
            }
            if let start = facts.start { return start }
            return facts.isUnread ? beyond : nil
        }
        var nextPlaced: [Int?] = Array(repeating: nil, count: offsets.count)
        var next: Int?
        for position in offsets.indices.reversed() {
            nextPlaced[position] = next
            if let offset = offsets[position] { next = offset }
        }
        var placed: [EpubTOCPoint] = []
        var previous = 0
        for (position, point) in navigation.enumerated() {
            var offset: Int
            if let own = offsets[position] {
                offset = own
            } else if let member = point.member, let document = documentSpan(of: member) {
                if point.fragment != nil, placed.last.map({ $0.offset < document.lowerBound }) ?? true {
                    // The first entry into its document: at the document's start, as a browser shows a
                    // document whose id is missing, rather than giving the whole document to the entry above.
                    offset = document.lowerBound
                } else {
                    offset = min(max(nextPlaced[position] ?? document.upperBound, previous), document.upperBound)
                    offset = max(offset, document.lowerBound)
                }
            } else {
                offset = max(nextPlaced[position] ?? utf8.count, previous)
            }
            if offset == beyond { continue }
            placed.append(EpubTOCPoint(title: point.title, offset: offset, depth: point.depth))
            previous = offset
        }
        return placed
    }

    /// The first of a member's appended text in the book, by its path (nil for one the spine lacks).
    func documentSpan(of member: String) -> Range<Int>? {
        guard let index = sources.members.firstIndex(of: member) else { return nil }
        return documentSpans[index]
    }
}
