import CICU

/// Text that reaches a terminal from somewhere novel does not control (a file name, a title or note
/// from a state file, a snippet, a rule's pattern): C0 and C1 control characters, DEL, format controls
/// (the bidi controls U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C, and the other invisible
/// format characters) and the bytes of a file name that were not UTF-8 (`RawPath`) are shown escaped,
/// so that nothing in them can move the cursor, clear the screen, change colours, start a new line in
/// a one-line field or reorder what a bidi-aware terminal shows after it. The one home of that rule:
/// command output, messages on stderr and the reader's screen all pass through it.
public enum TerminalSafe {
    /// `text` with every control character escaped (`\n`, `\t`, `\e`, `\x07`, `\u{9B}`, `\u{202E}`) and
    /// raw path bytes shown as `\xB0`: a field shown on one line. Line feeds, tabs and form feeds are
    /// kept when `keepingLayout` (whole lines of output, whose fields were escaped on their own).
    public static func escaped(_ text: String, keepingLayout: Bool = false) -> String {
        guard needsEscaping(text, keepingLayout: keepingLayout) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if !isUnsafe(scalar, keepingLayout: keepingLayout) {
                result.unicodeScalars.append(scalar)
            } else if let byte = RawPath.rawByte(scalar) {
                result += "\\x" + hex(UInt32(byte))
            } else if let named = namedEscape(scalar) {
                result += named
            } else if scalar.value < 0x80 {
                result += "\\x" + hex(scalar.value)
            } else {
                result += "\\u{" + hex(scalar.value) + "}"
            }
        }
        return result
    }

    /// Whether `escaped` would change `text`: one pass over its bytes, decoding only the characters of
    /// the few blocks that hold controls, so that the common clean text costs no copy and CJK text no
    /// property look-up.
    public static func needsEscaping(_ text: String, keepingLayout: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                // Eight printable ASCII bytes at a time (a title, a line of English): none is a control.
                if index + 8 <= bytes.count,
                    isPrintableASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                    continue
                }
                let lead = bytes[index]
                if lead < 0x80 {
                    if lead < 0x20 || lead == 0x7F {
                        if isUnsafe(Unicode.Scalar(lead), keepingLayout: keepingLayout) { return true }
                    }
                    index += 1
                    continue
                }
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                if mayStartControl(lead), index + length <= bytes.count,
                    let scalar = scalar(UnsafeBufferPointer(rebasing: bytes[index..<index + length])),
                    isUnsafe(scalar, keepingLayout: keepingLayout)
                {
                    return true
                }
                index += length
            }
            return false
        }
    }

    /// Whether the eight bytes of `word` are all ASCII from the space to the tilde (none below 0x20,
    /// none 0x7F or above), tested together.
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // With every high bit clear, a byte below 0x20 borrows into its own high bit when 0x20 is taken
        // from it, and a byte 0x7F carries into it when 1 is added: no byte borrows from or carries into
        // the next one.
        guard word & highBits == 0 else { return false }
        let belowSpace = (word &- 0x20 &* ones) & ~word & highBits
        let delete = (word &+ ones) & highBits
        return belowSpace | delete == 0
    }

    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        let value = scalar.value
        if value < 0x20 { return !(keepingLayout && (value == 0x0A || value == 0x09 || value == 0x0C)) }
        if value < 0xA0 { return value >= 0x7F }
        return isFormatControl(value) || RawPath.rawByte(scalar) != nil
    }

    /// An invisible format character (general category Cf): the bidi embeddings, overrides, isolates
    /// and marks, zero-width spaces, the byte-order mark, soft hyphens, invisible operators. Kept: the
    /// joiners U+200C and U+200D and the tag characters, which spell emoji sequences and words of some
    /// scripts and reorder nothing, and the prepended concatenation marks (U+0600 …), which are visible.
    static func isFormatControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x200C, 0x200D, 0xE0020...0xE007F:
            return false
        // The blocks that hold every Cf character (Unicode 15): ICU is asked only about these.
        case 0xAD, 0x600...0x8FF, 0x180E, 0x200B...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0x11000...0x1FFFF,
            0xE0000...0xE0FFF:
            let code = Int32(bitPattern: value)
            return nicu_general_category(code) == 16  // U_FORMAT_CHAR
                && nicu_has_property(code, Int32(NICU_PROP_PREPENDED_CONCATENATION_MARK)) == 0
        default:
            return false
        }
    }

    /// Lead bytes of the UTF-8 sequences that may be a C1 control, a format control or a raw path
    /// byte (U+0080–U+00FF, U+0600–U+07FF, U+0800–U+2FFF, U+F000–U+FFFF, U+10000 and up).
    private static func mayStartControl(_ lead: UInt8) -> Bool {
        switch lead {
        case 0xC2, 0xD8...0xDC, 0xE0...0xE2, 0xEF, 0xF0...0xF4: return true
        default: return false
        }
    }

    /// The scalar of one whole UTF-8 sequence.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// The short escapes everybody reads: `\n`, `\t`, `\r`, `\e`.
    private static func namedEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x09: "\\t"
        case 0x0D: "\\r"
        case 0x1B: "\\e"
        default: nil
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
