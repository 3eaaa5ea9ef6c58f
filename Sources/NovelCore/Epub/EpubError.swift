/// Why an EPUB book could not be read: the one home of every EPUB message. Each names the book's file and
/// the problem; names that come from the book (its file name, member names, hrefs) are escaped with
/// `TerminalSafe`, so that a member called `\e[2J` cannot clear the reader's terminal or forge a line.
public enum EpubError: Error, Equatable, Sendable {
    /// libzip could not be loaded (the dynamic loader's words).
    case libraryMissing(reason: String)
    /// The file is not a zip archive at all.
    case notZip(path: String)
    /// A zip archive that is cut short or corrupt (libzip's words).
    case damaged(path: String, reason: String)
    /// The system refused to open or read the file.
    case unreadable(path: String, reason: String)
    /// A member the book needs is not in the archive.
    case memberMissing(path: String, member: String)
    /// A member that declares more than `EpubArchive.memberSizeLimit` inflated bytes.
    case memberTooLarge(path: String, member: String, size: UInt64)
    /// A member that inflates more than `EpubArchive.ratioLimit` times its compressed size: a zip bomb.
    case zipBomb(path: String, member: String, size: UInt64, compressedSize: UInt64)
    /// A member that inflates past the size its directory entry declares (a forged entry or a zip bomb).
    case memberOverflow(path: String, member: String, declared: UInt64)
    /// A member encrypted by the zip format itself (a password-protected zip).
    case encryptedMember(path: String, member: String)
    /// A member compressed by a method libzip cannot inflate.
    case unsupportedCompression(path: String, member: String, method: UInt16)
    /// A path in the container, package or navigation that is absolute or climbs out of the archive.
    case unsafePath(path: String, href: String, in: String, problem: EpubPath.Problem)
    /// `META-INF/container.xml` is missing.
    case missingContainer(path: String)
    /// `META-INF/container.xml` is there but names no package document.
    case malformedContainer(path: String, reason: String)
    /// The package document the container names is not in the archive.
    case missingPackage(path: String, member: String)
    /// The package document is not XML, or not a package.
    case malformedPackage(path: String, member: String, reason: String)
    /// The package's spine lists no content document of the book.
    case emptySpine(path: String, member: String)
    /// The book is encrypted with DRM (`evidence` says which file or entry shows it).
    case drm(path: String, evidence: String)
}

extension EpubError: NovelError {
    public var isBadInput: Bool {
        switch self {
        case .libraryMissing, .unreadable: false
        default: true
        }
    }

    public var description: String {
        switch self {
        case .libraryMissing(let reason):
            "libzip is not installed: \(shown(reason)); EPUB books need it (Debian package libzip4)"
        case .notZip(let path): "\(shown(path)): is not an EPUB book (not a zip archive)"
        case .damaged(let path, let reason): "\(shown(path)): is a cut or corrupt zip archive (\(shown(reason)))"
        case .unreadable(let path, let reason): "\(shown(path)): cannot be read (\(shown(reason)))"
        case .memberMissing(let path, let member): "\(shown(path)): the book has no member '\(shown(member))'"
        case .memberTooLarge(let path, let member, let size):
            "\(shown(path)): member '\(shown(member))' inflates to \(size) bytes, more than the "
                + "\(EpubArchive.memberSizeLimit / 1_000_000) MB a member may have"
        case .zipBomb(let path, let member, let size, let compressedSize):
            "\(shown(path)): member '\(shown(member))' inflates \(compressedSize) bytes to \(size), more than "
                + "\(EpubArchive.ratioLimit):1: a zip bomb, not read"
        case .memberOverflow(let path, let member, let declared):
            "\(shown(path)): member '\(shown(member))' inflates past the \(declared) bytes its directory "
                + "declares: a corrupt zip or a zip bomb, not read"
        case .encryptedMember(let path, let member):
            "\(shown(path)): member '\(shown(member))' is encrypted (a password-protected zip)"
        case .unsupportedCompression(let path, let member, let method):
            "\(shown(path)): member '\(shown(member))' is compressed with method \(method), which cannot be read"
        case .unsafePath(let path, let href, let member, let problem):
            "\(shown(path)): '\(shown(href))' in \(shown(member)) \(problem.description)"
        case .missingContainer(let path):
            "\(shown(path)): is a zip archive without META-INF/container.xml, not an EPUB book"
        case .malformedContainer(let path, let reason):
            "\(shown(path)): META-INF/container.xml names no package document (\(shown(reason)))"
        case .missingPackage(let path, let member):
            "\(shown(path)): the package document '\(shown(member))' is missing"
        case .malformedPackage(let path, let member, let reason):
            "\(shown(path)): the package document \(shown(member)) is malformed (\(shown(reason)))"
        case .emptySpine(let path, let member):
            "\(shown(path)): the spine of \(shown(member)) lists no content document"
        case .drm(let path, let evidence):
            "\(shown(path)): encrypted with DRM: novel cannot read it (\(shown(evidence)))"
        }
    }

    /// A name from the book or the command line, shown on one line.
    private func shown(_ text: String) -> String {
        TerminalSafe.escaped(text)
    }
}
