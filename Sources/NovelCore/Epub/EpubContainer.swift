/// `META-INF/container.xml`, the one fixed file of an EPUB: it names the package document.
public enum EpubContainer {
    /// Where the container file is, from the archive's root.
    public static let path = "META-INF/container.xml"
    /// The media type of a package document (an EPUB may name other renditions beside it).
    static let packageMediaType = "application/oebps-package+xml"

    /// The member path of the book's package document: the first `rootfile` whose media type is the
    /// package's (else the first `rootfile` that gives no media type), its `full-path` taken from the root.
    public static func packagePath(in archive: EpubArchive) throws(EpubError) -> String {
        guard archive.member(path) != nil else { throw .missingContainer(path: archive.path) }
        let bytes = try archive.read(path)
        guard let tree = XMLTree.parse(bytes), tree.root.name == "container" else {
            throw .malformedContainer(path: archive.path, reason: "not a container document")
        }
        let rootfiles = tree.root.descendants(named: "rootfile")
        let chosen =
            rootfiles.first { $0.attribute("media-type")?.trimmingXMLSpace() == packageMediaType }
            ?? rootfiles.first { $0.attribute("media-type") == nil }
        guard let chosen else {
            throw .malformedContainer(path: archive.path, reason: "no rootfile of type \(packageMediaType)")
        }
        guard let fullPath = chosen.attribute("full-path"), !fullPath.trimmingXMLSpace().isEmpty else {
            throw .malformedContainer(path: archive.path, reason: "its rootfile has no full-path")
        }
        let target = try EpubPath.resolve(fullPath, against: "", in: archive.path, source: path)
        guard case .member(let member, _) = target, !member.isEmpty else {
            throw .malformedContainer(path: archive.path, reason: "its rootfile is not in the book")
        }
        return member
    }
}
