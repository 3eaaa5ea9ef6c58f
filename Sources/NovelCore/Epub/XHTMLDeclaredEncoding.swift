/// The encoding an XHTML document declares in its XML declaration (`<?xml version="1.0"
/// encoding="GBK"?>`), which libxml2's HTML parser does not read (it reads `<meta charset>`). An XHTML
/// file is XML, and a browser reading it as XML takes the declaration's word.
enum XHTMLDeclaredEncoding {
    /// The declared encoding's name, or nil without a declaration or an encoding in it.
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
}
