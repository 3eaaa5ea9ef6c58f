/// Text that reaches a terminal from somewhere novel does not control (a file name, a title or note
/// from a state file, a snippet): C0 and C1 control characters, DEL and the bytes of a file name that
/// were not UTF-8 (`RawPath`) are shown escaped, so that nothing in them can move the cursor, clear
/// the screen or change colours. The one home of that rule: command output, messages on stderr and the
/// reader's screen all pass through it.
public enum TerminalSafe {
    /// `text` with every control character escaped (`\e`, `\x07`, `\u{9B}`) and raw path bytes shown as
    /// `\xB0`; line feeds, tabs and form feeds are kept when `keepingLayout` (whole lines of output).
    public static func escaped(_ text: String, keepingLayout: Bool = false) -> String {
        guard needsEscaping(text, keepingLayout: keepingLayout) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if !isUnsafe(scalar, keepingLayout: keepingLayout) {
                result.unicodeScalars.append(scalar)
            } else if let byte = RawPath.rawByte(scalar) {
                result += "\\x" + hex(UInt32(byte))
            } else if scalar.value == 0x1B {
                result += "\\e"
            } else if scalar.value < 0x80 {
                result += "\\x" + hex(scalar.value)
            } else {
                result += "\\u{" + hex(scalar.value) + "}"
            }
        }
        return result
    }

    /// Whether `escaped` would change `text`: one pass over its bytes, so that the common clean text
    /// costs no copy.
    public static func needsEscaping(_ text: String, keepingLayout: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 {
                    if !(keepingLayout && (byte == 0x0A || byte == 0x09 || byte == 0x0C)) { return true }
                } else if byte == 0x7F {
                    return true
                } else if previous == 0xC2, byte < 0xA0 {
                    return true  // U+0080–U+009F: C1 controls
                } else if previous == 0xF4, byte == 0x8F {
                    return true  // U+10F000 and up: possibly a raw path byte, checked per scalar
                }
                previous = byte
            }
            return false
        }
    }

    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        let value = scalar.value
        if value < 0x20 { return !(keepingLayout && (value == 0x0A || value == 0x09 || value == 0x0C)) }
        return value == 0x7F || (0x80...0x9F).contains(value) || RawPath.rawByte(scalar) != nil
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
