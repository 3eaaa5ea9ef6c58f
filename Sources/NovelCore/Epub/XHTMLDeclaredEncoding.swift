/// The encoding to read a content document in, where libxml2's HTML parser would choose differently from
/// a reading system. The HTML parser reads `<meta charset>` and byte order marks but not the XML
/// declaration (`<?xml version="1.0" encoding="GBK"?>`), and without either it falls back to Latin-1,
/// where an XHTML file, being XML, is UTF-8 unless it says otherwise.
enum XHTMLDeclaredEncoding {
    /// The encoding to give the parser, or nil to let it decide (a byte order mark, a `meta` charset, or
    /// bytes that are not UTF-8 when nothing is declared: then its Latin-1 reading is what a browser does).
    static func encoding(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return nil }
        let declared = xmlDeclaration(in: bytes)
        if let declared, !isUTF8(declared) { return declared }
        guard !bytes.contains(0), bytes.withUnsafeBufferPointer({ UTF8Validator.isValid($0) }) else { return nil }
        return declared != nil || !hasMetaCharset(bytes) ? "UTF-8" : nil
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
        let head = bytes.prefix(1024).map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }
        return head.firstRange(of: Array("charset".utf8)) != nil
    }
}
