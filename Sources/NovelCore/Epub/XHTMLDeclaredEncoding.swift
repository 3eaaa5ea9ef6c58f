/// The encoding to read a content document in, as a reading system reads it, named to libxml2's HTML parser
/// whenever it can be: left to choose, the parser reads neither the XML declaration (`<?xml version="1.0"
/// encoding="GBK"?>`) nor XML's default of UTF-8, falls back to Latin-1, and switches to Latin-1 at the
/// first byte that is not UTF-8, so one stray byte would garble a whole Chinese chapter.
///
/// The rule looks at the document's first `sniffLength` bytes only, so that a first screen, which reads
/// only the start of a long document, chooses what the whole document chooses (`choice(of:isWhole:)`):
/// - a UTF-16 byte order mark: the parser reads it by the mark;
/// - an encoding named by the XML declaration or a `meta` charset in the browser's prescan: that one, as its
///   superset where novel decodes one (GBK as GB18030, Big5 as Big5-HKSCS, `EncodingNames`), unless the
///   bytes are UTF-8 holding characters past ASCII with no byte that is not: then the name is wrong, and
///   read in it the text would stop at the first character the name cannot decode;
/// - else UTF-8 (XML's default, and what the declaration or a byte order mark says), unless the bytes are
///   plainly in another encoding (many sequences that are not UTF-8): then the one the .txt path's detector
///   finds. A document read in UTF-8 has each byte that is not UTF-8 read as `?` (`UTF8Repair`), one for
///   one, so that every position stays where it is.
enum XHTMLDeclaredEncoding {
    /// The encoding to give the parser, or nil to let it decide (a UTF-16 byte order mark).
    static func encoding(of bytes: [UInt8]) -> String? {
        guard case .decided(let encoding) = choice(of: bytes, isWhole: true) else {
            preconditionFailure("a whole document's encoding is always decided")
        }
        return encoding
    }

    /// `bytes` as the HTML parser is to read them in `encoding` (`encoding(of:)`): in UTF-8, each byte that
    /// is not UTF-8 read as `?` (`UTF8Repair`), as one would switch the parser to Latin-1 for the rest.
    static func readable(_ bytes: [UInt8], in encoding: String?) -> [UInt8] {
        encoding?.uppercased() == utf8 ? UTF8Repair.repaired(bytes) ?? bytes : bytes
    }

    /// What the first bytes of a document tell of `encoding(of:)` for the whole of it.
    enum Choice: Equatable, Sendable {
        /// The whole document's encoding (nil: libxml2 chooses), whatever follows.
        case decided(String?)
        /// Fewer than `sniffLength` bytes of a longer document: only more of it can tell.
        case undecided
    }

    /// How much of a document the rule looks at: thousands of characters, enough for the detector, and less
    /// than a first screen reads of a long document (`BookPreview.firstDocumentStart`).
    static let sniffLength = 1 << 14

    /// How far a browser's prescan looks for a `meta` charset.
    static let prescanLength = 1024

    /// The choice `bytes` make: those of the whole document when `isWhole` (then always `decided`), else its
    /// first bytes only.
    static func choice(of bytes: [UInt8], isWhole: Bool) -> Choice {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .decided(nil) }
        if !isWhole && bytes.count < sniffLength { return .undecided }
        return bytes.withUnsafeBufferPointer { buffer in
            let head = UnsafeBufferPointer(rebasing: buffer.prefix(sniffLength))
            // A head cut inside a character is not taken for bytes that are not UTF-8.
            let reading = UTF8Reading(head, isCut: bytes.count > sniffLength)
            if let named = xmlDeclaration(in: bytes) ?? metaCharset(in: head), !isUTF8(named) {
                if reading.invalid == 0 && reading.multibyte > 0 { return .decided(utf8) }
                return .decided(EncodingNames.decoder(forDetected: named) ?? named)
            }
            guard reading.invalid > 0 && reading.invalid * 4 > reading.multibyte else { return .decided(utf8) }
            return .decided(EncodingDetector.guess(head).encoding)
        }
    }

    static let utf8 = "UTF-8"

    /// How many well-formed sequences past ASCII, and how many bytes that start none, a document's first
    /// bytes hold.
    struct UTF8Reading {
        var multibyte = 0
        var invalid = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>, isCut: Bool) {
            var index = 0
            while index < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[index...])
                let bad = UTF8Validator.firstInvalidOffset(rest) ?? rest.count
                multibyte += rest[..<bad].reduce(0) { $0 + ($1 & 0xC0 == 0xC0 ? 1 : 0) }
                guard bad < rest.count else { break }
                if isCut && UTF8Repair.isCutSequence(UnsafeBufferPointer(rebasing: rest[bad...])) { break }
                invalid += 1
                index += bad + 1
            }
        }
    }

    /// The encoding named by the XML declaration, or nil without a declaration or an encoding in it.
    static func xmlDeclaration(in bytes: [UInt8]) -> String? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let limit = min(bytes.count, start + 200)
        guard let close = bytes[start..<limit].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        // Looked for in the bytes: a String search is Foundation's, whose first use costs the first screen.
        let declaration = bytes[start..<close]
        let key = Array("encoding".utf8)
        guard let found = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else {
            return nil
        }
        let rest = declaration[(found + key.count)...].drop { $0 == 0x20 || $0 == 0x3D || $0 == 0x09 }
        guard let quote = rest.first, quote == 0x22 || quote == 0x27 else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote }
        guard !name.isEmpty, name.allSatisfy(isNameByte) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// Whether `byte` may be part of an encoding's name in a declaration: an ASCII letter or digit, - _ . or :.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "-_.:".utf8.contains(byte)
        }
    }

    private static func isUTF8(_ name: String) -> Bool {
        let upper = name.uppercased()
        return upper == "UTF-8" || upper == "UTF8"
    }

    /// The charset a `meta` names (`<meta charset="gbk">`, or an http-equiv content type's `charset=gbk`) in
    /// the browser's prescan, or nil.
    static func metaCharset(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = UnsafeBufferPointer(rebasing: bytes.prefix(prescanLength))
        let word = Array("charset".utf8)
        guard head.count >= word.count else { return nil }
        for start in 0...(head.count - word.count) where head[start] | 0x20 == word[0] {
            guard (1..<word.count).allSatisfy({ head[start + $0] | 0x20 == word[$0] }) else { continue }
            let rest = head[(start + word.count)...].drop { [0x20, 0x09, 0x3D, 0x22, 0x27].contains($0) }
            let name = rest.prefix(while: isNameByte)
            if !name.isEmpty { return String(decoding: name, as: UTF8.self) }
        }
        return nil
    }
}
