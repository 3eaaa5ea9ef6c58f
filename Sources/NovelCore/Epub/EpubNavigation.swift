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
        try read(from: archive, package: package, until: nil).points
    }

    /// The EPUB 3 navigation document's member, when the package names one the archive holds.
    static func navigationMember(_ archive: EpubArchive, _ package: EpubPackage) -> EpubArchive.Member? {
        package.navigation?.path.flatMap { archive.member($0) }
    }

    /// `read`, up to the end of the first entry outside any other that points, or holds one that points, into
    /// a member for which `beyond` is true, when it can stop there (`EpubNavigationReader.entries(_:shape:until:)`):
    /// a first screen needs only the entries of the documents it read. Also whether it stopped there.
    public static func read(
        from archive: EpubArchive, package: EpubPackage, until beyond: ((String) -> Bool)?
    ) throws(EpubError) -> (points: [EpubNavPoint], stoppedEarly: Bool) {
        // Asked of a member as the archive names it, as the points are named.
        let beyond = beyond.map { beyond in { (member: String) in beyond(archive.member(member)?.name ?? member) } }
        if let member = navigationMember(archive, package) {
            let read = try points(of: member, shape: .navigation, in: archive, until: beyond)
            if !read.points.isEmpty { return read }
        }
        if let item = package.ncx, let path = item.path, let member = archive.member(path) {
            return try points(of: member, shape: .ncx, in: archive, until: beyond)
        }
        return ([], false)
    }

    /// How much of a navigation document or NCX a reading that may stop early inflates first: the entries of
    /// a first screen's documents are the first few dozen of thousands, a few KiB.
    static let startLength = 1 << 15

    /// The points of `member` read as `shape`, named as the archive names members. A reading that may stop
    /// early (`beyond`) first inflates and reads only the member's start, and the whole member only when it
    /// did not stop in there (what it read of a start cut anywhere is not kept).
    private static func points(
        of member: EpubArchive.Member, shape: EpubNavigationReader.Shape, in archive: EpubArchive,
        until beyond: ((String) -> Bool)?
    ) throws(EpubError) -> (points: [EpubNavPoint], stoppedEarly: Bool) {
        if let beyond, UInt64(startLength) < member.size {
            let start = try archive.readStart(member, count: startLength)
            let read = try points(start, shape: shape, member: member.name, book: archive.path, until: beyond)
            if read.stoppedEarly { return (named(read.points, as: archive), true) }
        }
        let read = try points(
            archive.read(member), shape: shape, member: member.name, book: archive.path, until: beyond)
        return (named(read.points, as: archive), read.stoppedEarly)
    }

    /// The points with each member named as the archive names it (`EpubArchive.member` finds a member an
    /// href names in another case), so that they find the text the spine's documents made under that name.
    static func named(_ points: [EpubNavPoint], as archive: EpubArchive) -> [EpubNavPoint] {
        var names: [String: String] = [:]
        return points.map { point in
            guard let member = point.member else { return point }
            if names[member] == nil { names[member] = archive.member(member)?.name ?? member }
            let name = names[member] ?? member
            guard name != member else { return point }
            return EpubNavPoint(title: point.title, member: name, fragment: point.fragment, depth: point.depth)
        }
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
        try points(EpubNavigationReader.entries(bytes, shape: .navigation), member: member, book: book)
    }

    /// The entries of an EPUB 2 NCX (`member` is its path).
    public static func ncxPoints(_ bytes: [UInt8], member: String, book: String) throws(EpubError) -> [EpubNavPoint] {
        try points(EpubNavigationReader.entries(bytes, shape: .ncx), member: member, book: book)
    }

    /// The entries of `bytes` read as `shape`, to their end or as far as `read(from:package:until:)`
    /// says.
    private static func points(
        _ bytes: [UInt8], shape: EpubNavigationReader.Shape, member: String, book: String,
        until beyond: ((String) -> Bool)?
    ) throws(EpubError) -> (points: [EpubNavPoint], stoppedEarly: Bool) {
        var enough: ((EpubNavigationReader.Entry) -> Bool)?
        if let beyond {
            var resolver = EpubPath.Resolver(base: member, book: book)
            enough = { entry in
                guard let href = entry.href, case .member(let target, _)? = try? resolver.resolve(href) else {
                    return false
                }
                return beyond(target)
            }
        }
        let read = EpubNavigationReader.entries(bytes, shape: shape, until: enough)
        return (try points(read.entries, member: member, book: book), read.stoppedEarly)
    }

    /// The entries with their hrefs resolved against `member`, in levels.
    private static func points(
        _ entries: [EpubNavigationReader.Entry], member: String, book: String
    ) throws(EpubError) -> [EpubNavPoint] {
        var resolver = EpubPath.Resolver(base: member, book: book)
        var points: [EpubNavPoint] = []
        points.reserveCapacity(entries.count)
        for entry in entries {
            points.append(try point(entry.title, href: entry.href, resolver: &resolver, depth: entry.depth))
        }
        return levelled(points)
    }

    private static func point(
        _ title: String, href: String?, resolver: inout EpubPath.Resolver, depth: Int
    ) throws(EpubError) -> EpubNavPoint {
        guard let href, href.utf8.contains(where: { !XMLSpace.isSpace($0) }),
            case .member(let target, let fragment) = try resolver.resolve(href)
        else { return EpubNavPoint(title: title, member: nil, fragment: nil, depth: depth) }
        return EpubNavPoint(title: title, member: target, fragment: fragment, depth: depth)
    }

    /// A title as shown: white space collapsed, and blanks of any kind (U+3000, no-break spaces) trimmed.
    static func navigationTitle(_ text: String) -> String {
        navigationTitle(utf8: Array(text.utf8))
    }

    /// `navigationTitle` of a label's text as the parser gave it (UTF-8). Worked on the bytes: a navigation
    /// of a thousand entries makes each title before the first screen, and most need no more than their
    /// XML space collapsed, their ends being characters of their own.
    static func navigationTitle(utf8: [UInt8]) -> String {
        let collapsed = XMLSpace.collapsed(utf8) ?? utf8
        guard let first = collapsed.first, let last = collapsed.last else { return "" }
        if !Self.mayBeBlank(first: first, in: collapsed), !Self.mayBeBlank(last: last, in: collapsed) {
            return String(decoding: collapsed, as: UTF8.self)
        }
        // A blank at an end (U+3000, a no-break space), or a character whose cluster it cannot tell from
        // its last scalar: trimmed by Character, as a reader sees it.
        let text = String(decoding: collapsed, as: UTF8.self)
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[start...end])
    }

    /// Whether the first character may be white space: its first scalar is (a `Character` is white space
    /// when its first scalar is). ASCII after collapsing is never.
    private static func mayBeBlank(first: UInt8, in utf8: [UInt8]) -> Bool {
        guard first >= 0x80, let scalar = scalar(in: utf8, from: 0) else { return false }
        return !isNeverBlank(scalar) && scalar.properties.isWhitespace
    }

    /// Whether the last character may be white space. Its last scalar decides when it starts a cluster of
    /// its own: ASCII, and the CJK scripts' letters and punctuation, never extend the one before (a
    /// combining mark after a blank would make the blank's cluster end in it).
    private static func mayBeBlank(last: UInt8, in utf8: [UInt8]) -> Bool {
        guard last >= 0x80 else { return false }
        var start = utf8.count - 1
        while start > 0, utf8[start] & 0xC0 == 0x80, utf8.count - start < 4 { start -= 1 }
        guard let scalar = scalar(in: utf8, from: start) else { return true }
        return !isNeverBlank(scalar)
    }

    /// CJK letters and punctuation (not U+3000, not the combining marks among them): never white space,
    /// and never part of the cluster before them.
    private static func isNeverBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3001...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x30A0...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xFF01...0xFF5E:
            true
        default:
            false
        }
    }

    /// The scalar whose UTF-8 starts at `start`, decoded in place.
    private static func scalar(in utf8: [UInt8], from start: Int) -> Unicode.Scalar? {
        var bytes = utf8[start...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return nil }
        return scalar
    }
}
