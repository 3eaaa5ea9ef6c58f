import Foundation

extension JSONText {
    /// The deepest nesting of lists and objects read; a deeper file is refused rather than recursed into.
    static let deepestNesting = 512

    /// The value a settings or state file holds, in the shapes `JSONSerialization` gives (`[String: Any]`,
    /// `[Any]`, `String`, `NSNumber` for numbers, true and false, `NSNull`), or nil when the bytes are not
    /// strict JSON (RFC 8259, UTF-8; a leading byte order mark is allowed).
    ///
    /// Why by hand: `JSONSerialization` refuses a whole file for one number past `Double` (`1e400`, one
    /// bad setting would reset them all) and wraps an integer past `Int64` into another number
    /// (`9223372036854775808` read back as `-9223372036854775808`). Here such a number is a
    /// `JSONNumberLiteral`, which every typed read refuses with a message quoting it as written.
    static func parse(_ bytes: [UInt8]) -> Any? {
        var parser = Parser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    /// `parse` of text typed on the command line (`novel settings --set 'keymap={…}'`).
    static func parse(_ text: String) -> Any? {
        parse(Array(text.utf8))
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> Any? {
            skipSpace()
            guard index < bytes.count, depth <= JSONText.deepestNesting else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth + 1)
            case UInt8(ascii: "["): return list(depth: depth + 1)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return word("true", NSNumber(value: true))
            case UInt8(ascii: "f"): return word("false", NSNumber(value: false))
            case UInt8(ascii: "n"): return word("null", NSNull())
            default: return number()
            }
        }

        mutating func word(_ text: StaticString, _ value: Any) -> Any? {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            let matches = text.withUTF8Buffer { expected in bytes[index..<index + count].elementsEqual(expected) }
            guard matches else { return nil }
            index += count
            return value
        }

        mutating func object(depth: Int) -> Any? {
            index += 1  // {
            var object: [String: Any] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = value(depth: depth) else { return nil }
                object[key] = value  // a repeated key: the last one counts, as in JSONSerialization
                skipSpace()
                guard index < bytes.count else { return nil }
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "}") { return object }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
        }

        mutating func list(depth: Int) -> Any? {
            index += 1  // [
            var list: [Any] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return list
            }
            while true {
                guard let value = value(depth: depth) else { return nil }
                list.append(value)
                skipSpace()
                guard index < bytes.count else { return nil }
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: "]") { return list }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
        }

        /// A string from its opening quote; nil for a raw control character, a bad escape, a lone
        /// surrogate or bytes that are not UTF-8.
        mutating func string() -> String? {
            index += 1  // "
            var text: [UInt8] = []
            var runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    text.append(contentsOf: bytes[runStart..<index])
                    index += 1
                    return String(validating: text, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    text.append(contentsOf: bytes[runStart..<index])
                    guard let scalar = escape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                    runStart = index
                    continue
                }
                index += 1
            }
            return nil
        }

        /// One escape from its backslash, as the scalar it stands for.
        mutating func escape() -> Unicode.Scalar? {
            index += 1  // backslash
            guard index < bytes.count else { return nil }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let unit = hexUnit() else { return nil }
                if (0xD800..<0xDC00).contains(unit) {
                    // A high surrogate must be followed by the escape of a low one.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { return nil }
                    index += 2
                    guard let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return nil }
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                }
                return Unicode.Scalar(unit)  // nil for a lone low surrogate
            default: return nil
            }
        }

        mutating func hexUnit() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var unit: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Self.hexValue(byte) else { return nil }
                unit = unit << 4 | digit
            }
            index += 4
            return unit
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// A number in JSON's grammar: an integer that fits `Int`, else a finite `Double`, else the
        /// literal as written.
        mutating func number() -> Any? {
            let start = index
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
                skipDigits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index < bytes.count, Self.isDigit(bytes[index]) else { return nil }
                skipDigits()
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let integer = Int(text) { return NSNumber(value: integer) }
            if !isInteger, let double = Double(text), double.isFinite { return NSNumber(value: double) }
            return JSONNumberLiteral(text: text)
        }

        mutating func skipDigits() {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }

        static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
    }
}
