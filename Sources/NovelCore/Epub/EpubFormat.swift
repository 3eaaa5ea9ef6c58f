import CZip

/// Whether a file is an EPUB book, by its content and never by its name: a zip archive whose first member
/// is `mimetype` holding `application/epub+zip` (as the OCF format asks), or, for books made by tools that
/// got the order or compression wrong, a zip archive with such a `mimetype` member or a
/// `META-INF/container.xml`. A file that does not start like a zip is turned away after reading its first
/// bytes, without loading libzip.
public enum EpubFormat {
    /// The media type an EPUB's `mimetype` member holds.
    public static let mediaType = "application/epub+zip"
    /// How many bytes of the start of a file `startsAsEpub` needs.
    public static let prefixLength = 30 + "mimetype".utf8.count + mediaType.utf8.count + 64

    /// Whether `bytes` start with a zip member's local header (`PK\3\4`), as every non-empty zip does: CZip's
    /// rule, which novel's start also applies to its arguments before main (CLaunch).
    public static func startsLikeZip(_ bytes: some Collection<UInt8>) -> Bool {
        Array(bytes.prefix(4)).withUnsafeBytes { nzip_starts_like_zip($0.baseAddress, $0.count) } != 0
    }

    /// Whether the file at `path` starts like a zip.
    public static func startsLikeZip(path: String) -> Bool {
        BookFile.read(path, range: 0..<4).map { startsLikeZip($0) } ?? false
    }

    /// Whether `prefix`, the start of a file, is an EPUB's first member: `mimetype`, stored, holding the
    /// EPUB media type. Decides without libzip for every book made as the format asks.
    public static func startsAsEpub(_ prefix: [UInt8]) -> Bool {
        guard startsLikeZip(prefix), prefix.count >= 30 else { return false }
        func field(_ offset: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { value, byte in value | Int(prefix[offset + byte]) << (8 * byte) }
        }
        let method = field(8, 2)
        let dataLength = field(18, 4)
        let nameLength = field(26, 2)
        let extraLength = field(28, 2)
        let dataStart = 30 + nameLength + extraLength
        guard method == 0, nameLength == 8, dataStart + dataLength <= prefix.count,
            prefix[30..<38].elementsEqual("mimetype".utf8)
        else { return false }
        return isEpubMediaType(prefix[dataStart..<dataStart + dataLength])
    }

    /// Whether the file at `path` is an EPUB book (see the type's comment). A zip archive that cannot be
    /// opened counts as one when it starts as an EPUB, so that opening it says what is wrong with it.
    public static func isEpub(path: String) -> Bool {
        guard let prefix = BookFile.read(path, range: 0..<prefixLength), startsLikeZip(prefix) else { return false }
        if startsAsEpub(prefix) { return true }
        guard let archive = try? EpubArchive(path: path) else { return false }
        return isEpub(archive)
    }

    /// Whether an opened zip archive holds an EPUB book.
    public static func isEpub(_ archive: EpubArchive) -> Bool {
        if let mimetype = archive.member("mimetype"), mimetype.size <= 256,
            let bytes = try? archive.read(mimetype), isEpubMediaType(bytes[...])
        {
            return true
        }
        return archive.member(EpubContainer.path) != nil
    }

    /// The `mimetype` member's bytes name the EPUB media type (white space around it forgiven).
    static func isEpubMediaType(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).trimmingXMLSpace() == mediaType
    }
}
