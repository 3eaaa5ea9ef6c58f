/// Where an href inside an EPUB book points: a member of the archive (and a fragment in it), or somewhere
/// outside the book. An href is a URL relative to the member that holds it; the archive is a closed world,
/// so an absolute path or a `..` that climbs above the archive's root is refused rather than followed.
public enum EpubPath {
    /// A resolved href.
    public enum Target: Equatable, Sendable {
        /// A member of the archive (its full name), and the fragment after `#` when there is one.
        case member(String, fragment: String?)
        /// A URL with a scheme (`http:`, `mailto:`, `file:`): not part of the book.
        case outside
    }

    /// Why an href was refused.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case absolute
        case climbsOut

        public var description: String {
            switch self {
            case .absolute: "is an absolute path, outside the book"
            case .climbsOut: "climbs out of the book's archive"
            }
        }
    }

    /// Resolves `href` against `base`, the member that holds it (`""` for the archive's root, as
    /// `META-INF/container.xml` and `encryption.xml` paths are): percent-escapes decoded (an escaped `/` or
    /// `.` counts as one), `.` and empty segments dropped, `..` taking back one folder.
    public static func resolve(_ href: String, against base: String) throws(Problem) -> Target {
        var reference = Substring(href.trimmingXMLSpace())
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            let text = decoded(reference[reference.index(after: hash)...])
            fragment = text.isEmpty ? nil : text
            reference = reference[..<hash]
        }
        if hasScheme(reference) { return .outside }
        if let query = reference.firstIndex(of: "?") { reference = reference[..<query] }
        let path = decoded(reference)
        if path.hasPrefix("/") { throw .absolute }
        if path.isEmpty { return .member(base, fragment: fragment) }
        var segments = base.split(separator: "/").dropLast().map(String.init)
        for segment in path.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                guard segments.popLast() != nil else { throw .climbsOut }
            default: segments.append(String(segment))
            }
        }
        return .member(segments.joined(separator: "/"), fragment: fragment)
    }

    /// `resolve`, with a refused href worded as the book's error: `book` is the book's file, `source` the
    /// member the href was read from (when it is not `base`).
    public static func resolve(
        _ href: String, against base: String, in book: String, source: String? = nil
    ) throws(EpubError) -> Target {
        do {
            return try resolve(href, against: base)
        } catch {
            throw .unsafePath(path: book, href: href, in: source ?? base, problem: error)
        }
    }

    /// Whether the reference starts with a URL scheme (`letter *(letter / digit / + - .) :`) before any `/`.
    static func hasScheme(_ reference: Substring) -> Bool {
        guard let first = reference.unicodeScalars.first, first.isASCIILetter else { return false }
        for scalar in reference.unicodeScalars.dropFirst() {
            if scalar == ":" { return true }
            guard scalar.isASCIILetter || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)
            else { return false }
        }
        return false
    }

    /// The text with each `%XX` replaced by its byte; bytes that are not UTF-8 are kept as `RawPath` keeps
    /// a file name's, so that they still match the member names (read the same way) byte for byte.
    static func decoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return RawPath.string(fromBytes: bytes.map { CChar(bitPattern: $0) })
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
