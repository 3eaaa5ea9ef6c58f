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

        /// The same target with `fragment` (a place outside the book has none).
        func with(fragment: String?) -> Target {
            guard case .member(let member, _) = self else { return self }
            return .member(member, fragment: fragment)
        }
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
        let (reference, fragment) = parts(href)
        return try resolve(reference: reference, against: base).with(fragment: fragment)
    }

    /// An href's reference (trimmed, before any `#`) and its fragment, decoded (nil when empty or absent).
    static func parts(_ href: String) -> (reference: Substring, fragment: String?) {
        // Trimmed as a slice of the href, not a copy: a navigation of a thousand entries is resolved
        // before the first screen.
        let utf8 = href.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, XMLSpace.isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, XMLSpace.isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        var reference = href[start..<end]
        var fragment: String?
        if let hash = reference.utf8.firstIndex(of: UInt8(ascii: "#")) {
            let text = decoded(reference[reference.utf8.index(after: hash)...])
            fragment = text.isEmpty ? nil : text
            reference = reference[..<hash]
        }
        return (reference, fragment)
    }

    /// The target of a reference without its fragment (see `resolve`).
    static func resolve(reference: Substring, against base: String) throws(Problem) -> Target {
        var reference = reference
        if hasScheme(reference) { return .outside }
        if let query = reference.utf8.firstIndex(of: UInt8(ascii: "?")) { reference = reference[..<query] }
        let path = decoded(reference)
        if path.hasPrefix("/") { throw .absolute }
        if path.isEmpty { return .member(base, fragment: nil) }
        var segments = base.split(separator: "/").dropLast().map(String.init)
        for segment in path.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                guard segments.popLast() != nil else { throw .climbsOut }
            default: segments.append(String(segment))
            }
        }
        return .member(segments.joined(separator: "/"), fragment: nil)
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

    /// Resolves the hrefs of one member, each reference (the part before `#`) once: a navigation document
    /// of a thousand entries points into a few dozen documents, and a first screen reads it whole.
    struct Resolver {
        let base: String
        let book: String
        private var targets: [Substring: Target] = [:]

        /// `base` is the member the hrefs are read from, `book` the book's file (for messages).
        init(base: String, book: String) {
            self.base = base
            self.book = book
        }

        /// `EpubPath.resolve(href, against: base, in: book)`.
        mutating func resolve(_ href: String) throws(EpubError) -> Target {
            let (reference, fragment) = parts(href)
            if let known = targets[reference] { return known.with(fragment: fragment) }
            do {
                let target = try EpubPath.resolve(reference: reference, against: base)
                targets[reference] = target
                return target.with(fragment: fragment)
            } catch {
                throw .unsafePath(path: book, href: href, in: base, problem: error)
            }
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
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
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
