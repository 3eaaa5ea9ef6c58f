import NovelCore
import NovelTestSupport

/// An EPUB's structure from any bytes: the input opened as a zip archive (its members read within the
/// zip-bomb limits, its container, package, DRM check and navigation), and read directly as a package,
/// navigation document, NCX and container (a zip's CRC keeps most mutations of a member from being read,
/// so the structure documents are fuzzed as they are too), and the navigation read as a first screen reads it,
/// stopped early. A value or an `EpubError`, never a trap.
enum EpubFuzzTarget {
    static let target = FuzzTarget(
        name: "epub",
        summary:
            "EPUB archive, container, package, DRM check and navigation (EpubArchive, EpubPackage, EpubNavigation)",
        dictionaries: ["epub.dict"],
        run: { bytes in
            if let archive = try? EpubArchive(bytes: bytes, path: "fuzz.epub") {
                for member in archive.members.prefix(64) {
                    if let read = try? archive.read(member) {
                        FuzzCheck.require(read.count == member.size, "epub: read \(read.count) of \(member.size) bytes")
                    }
                }
                _ = EpubFormat.isEpub(archive)
                check(archive: archive)
            }
            _ = EpubFormat.startsAsEpub(bytes)
            let name = "OEBPS/text/fuzz.xhtml"
            checkPackage(try? EpubPackage.parse(bytes, path: "OEBPS/content.opf", book: "fuzz.epub"))
            for syntax in [XMLTree.Syntax.xml, .html] { _ = XMLTree.parse(bytes, as: syntax)?.root.text }
            checkPoints(try? EpubNavigation.navigationPoints(bytes, member: name, book: "fuzz.epub"))
            checkPoints(try? EpubNavigation.ncxPoints(bytes, member: name, book: "fuzz.epub"))
            if let href = String(validating: bytes.prefix(256), as: UTF8.self),
                case .member(let member, _)? = try? EpubPath.resolve(href, against: name)
            {
                checkMember(member)
            }
        },
        seeds: { bytes in seeds(String(decoding: bytes.prefix(3000), as: UTF8.self)) })

    /// The whole road a book takes when opened, with every error's message on one line.
    static func check(archive: EpubArchive) {
        do {
            let package = try EpubPackage.read(from: archive)
            checkPackage(package)
            let points = try EpubNavigation.read(from: archive, package: package)
            checkPoints(points)
            // A first screen's reading, stopped at the first entry past the first entry's document.
            checkPoints(try EpubNavigation.read(from: archive, package: package) { $0 != points.first?.member }.points)
        } catch {
            FuzzCheck.require(!TerminalSafe.needsEscaping(error.description), "epub: a message that needs escaping")
        }
    }

    static func checkPackage(_ package: EpubPackage?) {
        guard let package else { return }
        FuzzCheck.require(!package.spine.isEmpty, "epub: a package with an empty spine")
        for item in package.manifest { if let path = item.path { checkMember(path) } }
    }

    /// Entries start at depth 0 and go at most one level deeper at a time.
    static func checkPoints(_ points: [EpubNavPoint]?) {
        guard let points, let first = points.first else { return }
        FuzzCheck.require(first.depth == 0, "epub: the first entry at depth \(first.depth)")
        for (before, point) in zip(points, points.dropFirst()) {
            FuzzCheck.require(point.depth >= 0 && point.depth <= before.depth + 1, "epub: depth \(point.depth)")
            FuzzCheck.require(!point.title.isEmpty, "epub: an entry without a title")
        }
        for point in points { if let member = point.member { checkMember(member) } }
    }

    /// A resolved member path stays inside the archive.
    static func checkMember(_ member: String) {
        FuzzCheck.require(!member.hasPrefix("/"), "epub: an absolute member \(member)")
        FuzzCheck.require(!member.split(separator: "/").contains(".."), "epub: a member climbing out: \(member)")
    }

    /// Books made of the seed text by `EpubBuilder` (EPUB 3 deflated, EPUB 2 stored, so that mutations reach
    /// the XML of one), and their package, navigation and NCX on their own.
    static func seeds(_ text: String) -> [[UInt8]] {
        let lines = text.split(separator: "\n")
            .map { line in String(line.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" }.map(Character.init)) }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return [] }
        let middle = lines.count / 2
        let documents = [lines[..<middle], lines[middle...]].enumerated().map { number, part in
            EpubBuilder.Document(
                "text/part\(number).xhtml",
                body: part.enumerated().map { #"<p id="p\#($0)">\#(EpubBuilder.escaped($1))</p>"# }.joined(
                    separator: "\n"))
        }
        let toc = [
            EpubBuilder.NavEntry(
                String(lines[0].prefix(40)), href: "text/part0.xhtml",
                children: [.init(String(lines[min(1, lines.count - 1)].prefix(40)), href: "text/part0.xhtml#p1")]),
            EpubBuilder.NavEntry(String(lines[middle].prefix(40)), href: "text/part1.xhtml#p0"),
        ]
        var epub3 = EpubBuilder(version: .epub3, documents: documents, toc: toc)
        epub3.hasNCX = true
        let epub2 = EpubBuilder(version: .epub2, documents: documents, toc: toc)
        var seeds: [[UInt8]] = []
        if let bytes = try? epub3.bytes() { seeds.append(bytes) }
        if let bytes = try? EpubBuilder.bytes(of: epub2.members.map { .init($0.name, $0.bytes, deflated: false) }) {
            seeds.append(bytes)
        }
        seeds += [epub3.packageXML, epub3.navigationXHTML, epub3.ncxXML, epub3.containerXML].map { Array($0.utf8) }
        return seeds
    }
}
