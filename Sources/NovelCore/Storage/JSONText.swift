import Foundation

/// The text of a state or settings file, written by hand in the shape `JSONSerialization` gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`: two-space indents, `"key" : value`, a number
/// as Swift prints it without a trailing `.0`, slashes and non-ASCII text as they are. Keys are in code
/// point order (Foundation sorts digits by value and letters without case, `k9` before `k10`; our keys
/// are camel-case words, where the two agree).
///
/// Why by hand: `JSONSerialization` bridges the object to `NSDictionary` and sorts its keys through
/// `AnyHashable`, and the dynamic casts on the way cost a visible share of a `novel line --next` call on
/// first use in a process, and a status line makes that call every second (docs/benchmarks.md, *Costs behind the code's shape*).
public enum JSONText {
    /// The file's bytes, or nil when the object holds something JSON cannot (a non-finite number, a
    /// value that is not a string, number, boolean, null, list or object).
    static func pretty(_ object: [String: Any]) -> [UInt8]? {
        var writer = Writer()
        guard writer.write(object, level: 0) else { return nil }
        return writer.bytes
    }

    /// A list of objects in the shape `pretty` gives it, handed to `write` a piece at a time (whole
    /// objects of about `pieceBytes`), so that output too long to hold — `novel toc --json` of a book
    /// with a million chapters — is never held whole. False when an object holds something JSON cannot
    /// (what came before it has been written).
    public static func prettyList<Objects: Sequence<[String: Any]>>(
        _ objects: Objects, pieceBytes: Int = 1 << 16, write: (_ piece: [UInt8]) -> Void
    ) -> Bool {
        var writer = Writer()
        writer.append("[\n")
        var first = true
        for object in objects {
            if !first { writer.append(",\n") }
            first = false
            writer.indent(1)
            guard writer.write(object: object, level: 1) else { return false }
            if writer.bytes.count >= pieceBytes {
                write(writer.bytes)
                writer.bytes.removeAll(keepingCapacity: true)
            }
        }
        // An empty list is `[`, a blank line, `]`, as JSONSerialization writes it.
        writer.append("\n]")
        write(writer.bytes)
        return true
    }

    /// A string as it stands between its quotes in the file.
    static func escaped(_ string: String) -> [UInt8] {
        var writer = Writer()
        writer.write(string: string)
        return Array(writer.bytes.dropFirst().dropLast())
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func write(_ value: Any, level: Int) -> Bool {
            // The exact Swift types first, by their metadata: a cast that has to fail (a dictionary tried
            // as a number) bridges the whole dictionary to Foundation and searches the binary's
            // conformances, which is what made the writer slow. What the reader parsed is NSNumber and
            // NSNull objects, for which the casts below are plain class checks.
            let type = Swift.type(of: value)
            if type == String.self, let text = value as? String {
                write(string: text)
            } else if type == [String: Any].self, let object = value as? [String: Any] {
                return write(object: object, level: level)
            } else if type == [Any].self, let list = value as? [Any] {
                return write(list: list, level: level)
            } else if type == [String].self, let list = value as? [String] {
                return write(list: list, level: level)
            } else if type == [[String: Any]].self, let list = value as? [[String: Any]] {
                return write(list: list, level: level)
            } else if type == Int.self, let number = value as? Int {
                append(String(number))
            } else if type == Int64.self, let number = value as? Int64 {
                append(String(number))
            } else if type == Bool.self, let flag = value as? Bool {
                append(flag ? "true" : "false")
            } else if type == Double.self, let number = value as? Double {
                return write(double: number)
            } else if let number = value as? NSNumber {
                return write(number: number)
            } else if value is NSNull {
                append("null")
            } else if let literal = value as? JSONNumberLiteral {
                append(literal.text)  // kept as the user wrote it (see JSONNumberLiteral)
            } else if let object = value as? [String: Any] {
                return write(object: object, level: level)
            } else if let list = value as? [Any] {
                return write(list: list, level: level)
            } else if let text = value as? String {
                write(string: text)
            } else {
                return false
            }
            return true
        }

        mutating func write(object: [String: Any], level: Int) -> Bool {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(0x0A)
            var first = true
            for key in object.keys.sorted() {
                guard let value = object[key] else { continue }
                if !first { append(",\n") }
                first = false
                indent(level + 1)
                write(string: key)
                append(" : ")
                guard write(value, level: level + 1) else { return false }
            }
            // An empty object is `{`, a blank line, `}`, as JSONSerialization writes it.
            bytes.append(0x0A)
            indent(level)
            bytes.append(UInt8(ascii: "}"))
            return true
        }

        mutating func write(list: [Any], level: Int) -> Bool {
            bytes.append(UInt8(ascii: "["))
            bytes.append(0x0A)
            for (index, value) in list.enumerated() {
                if index > 0 { append(",\n") }
                indent(level + 1)
                guard write(value, level: level + 1) else { return false }
            }
            bytes.append(0x0A)
            indent(level)
            bytes.append(UInt8(ascii: "]"))
            return true
        }

        /// JSON's true and false arrive as NSNumbers too (type code `c`, as a Swift Bool bridges).
        mutating func write(number: NSNumber) -> Bool {
            let type = number.objCType.pointee
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "c"), UInt8(ascii: "B"):
                append(number.boolValue ? "true" : "false")
            case UInt8(ascii: "f"):
                guard number.floatValue.isFinite else { return false }
                append(Self.trimmed(number.floatValue.description))
            case UInt8(ascii: "d"):
                return write(double: number.doubleValue)
            case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
                append(String(number.uint64Value))
            default:
                append(String(number.int64Value))
            }
            return true
        }

        mutating func write(double: Double) -> Bool {
            guard double.isFinite else { return false }
            append(Self.trimmed(double.description))
            return true
        }

        /// `100.0` → `100`, as JSONSerialization writes a whole number held as a Double.
        static func trimmed(_ number: String) -> String {
            number.hasSuffix(".0") ? String(number.dropLast(2)) : number
        }

        mutating func write(string: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0..<0x20:
                    append("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        static let hexDigits = Array("0123456789abcdef".utf8)

        mutating func indent(_ level: Int) {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
        }

        mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// A JSON value as a person reads it in a message or `novel settings`: a number, a boolean or a
    /// string as it is, a list or an object as compact JSON.
    static func shown(_ value: Any) -> String {
        if let literal = value as? JSONNumberLiteral { return literal.text }
        if let number = value as? NSNumber {
            if StateValue.isBoolean(number) { return number.boolValue ? "true" : "false" }
            let double = number.doubleValue
            return String(cString: number.objCType) != "d" ? String(number.intValue) : String(double)
        }
        if let text = value as? String { return text }
        if JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(value)"
    }
}
