/// The encoding to read a content document in, where libxml2's HTML parser would choose differently from
/// a reading system. The HTML parser reads `<meta charset>` and byte order marks but not the XML
/// declaration (`<?xml version="1.0" encoding="GBK"?>`), and without either it falls back to Latin-1,
/// where an XHTML file, being XML, is UTF-8 unless it says otherwise.
///
/// The one home of that rule, for a whole document (`encoding(of:)`) and for the start of one read alone
/// (`choice(of:isWhole:)`: a first screen reads only the start of a long document).
enum XHTMLDeclaredEncoding {
    /// The encoding to give the parser, or nil to let it decide (a byte order mark, a `meta` charset, or
    /// bytes that are not UTF-8 when nothing is declared: then its Latin-1 reading is what a browser does).
    static func encoding(of bytes: [UInt8]) -> String? {
        guard case .decided(let encoding) = choice(of: bytes, isWhole: true) else {
            preconditionFailure("a whole document's encoding is always decided")
        }
        return encoding
    }

    /// What the first bytes of a document tell of `encoding(of:)` for the whole of it.
    enum Choice: Equatable, Sendable {
        /// The whole document's encoding (nil: libxml2 chooses), whatever follows.
        case decided(String?)
        /// "UTF-8" when every later byte is UTF-8 too, else nil; either way these bytes are read in UTF-8.
        /// Left to choose, libxml2 reads a document that opens with an XML declaration or a UTF-8 byte order
        /// mark in UTF-8 up to its first byte that is not UTF-8, and these bytes are UTF-8 and name no charset
        /// it could switch to at a `meta`.
        case startReadsAsUTF8
        /// Only the whole document can tell (or more of its bytes). Left to choose, libxml2 reads a document
        /// that opens otherwise in one encoding from its first byte past ASCII on: Latin-1 where a byte
        /// anywhere in it is not UTF-8 (`XHTMLDeclaredEncodingTests`).
        case undecided
    }

    /// How far a browser's prescan looks for a `meta` charset, and so far enough for the XML declaration.
    static let headLength = 1024

    /// The choice `bytes` make: those of the whole document when `isWhole` (then always `decided`), else its
    /// first bytes only (a sequence cut at their end is not taken for a byte that is not UTF-8).
    static func choice(of bytes: [UInt8], isWhole: Bool) -> Choice {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .decided(nil) }
        if !isWhole && bytes.count < headLength { return .undecided }
        let declared = xmlDeclaration(in: bytes)
        if let declared, !isUTF8(declared) { return .decided(declared) }
        let isValid = bytes.withUnsafeBufferPointer { buffer in
            !buffer.contains(0) && (isWhole ? UTF8Validator.isValid(buffer) : isValidSoFar(buffer))
        }
        guard isValid else { return .decided(nil) }
        if declared == nil && hasMetaCharset(bytes) { return .decided(nil) }
        if isWhole { return .decided("UTF-8") }
        // libxml2 takes the first four bytes of `<?xml` or a UTF-8 byte order mark for UTF-8.
        let opensAsUTF8 = bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: Array("<?xm".utf8))
        return opensAsUTF8 && !namesCharset(bytes) ? .startReadsAsUTF8 : .undecided
    }

    /// The encoding named by the XML declaration, or nil without a declaration or an encoding in it.
    static func xmlDeclaration(in bytes: [UInt8]) -> String? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let limit = min(bytes.count, start + 200)
        guard let close = bytes[start..<limit].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: bytes[start..<close], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) })
        else { return nil }
        return String(name)
    }

    private static func isUTF8(_ name: String) -> Bool {
        let upper = name.uppercased()
        return upper == "UTF-8" || upper == "UTF8"
    }

    /// Whether the document's start names a charset (`<meta charset>` or an http-equiv content type),
    /// which the HTML parser reads; it looks where a browser's prescan looks, the first 1024 bytes.
    private static func hasMetaCharset(_ bytes: [UInt8]) -> Bool {
        namesCharset(bytes.prefix(headLength))
    }

    /// Whether `bytes` hold the word `charset`, in any case.
    private static func namesCharset(_ bytes: some Collection<UInt8>) -> Bool {
        let word = Array("charset".utf8)
        return bytes.withContiguousStorageIfAvailable { buffer in
            guard buffer.count >= word.count else { return false }
            for start in 0...(buffer.count - word.count) where buffer[start] | 0x20 == word[0] {
                if (1..<word.count).allSatisfy({ buffer[start + $0] | 0x20 == word[$0] }) { return true }
            }
            return false
        } ?? namesCharset(Array(bytes))
    }

    /// `UTF8Validator.isValid` of the first bytes of a longer text: a sequence cut short at their end counts.
    private static func isValidSoFar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let invalid = UTF8Validator.firstInvalidOffset(bytes) else { return true }
        let lead = bytes[invalid]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return (0xC2...0xF4).contains(lead) && bytes.count - invalid < length
            && bytes[(invalid + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
    }
}
