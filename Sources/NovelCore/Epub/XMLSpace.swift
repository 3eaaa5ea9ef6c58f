/// XML's white space (space, TAB, CR, LF): what attribute values and the text of titles are trimmed of
/// and collapsed by. U+3000 and no-break spaces are characters of the text here, not markup's layout.
enum XMLSpace {
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// `isSpace` of a UTF-8 byte: XML's spaces are ASCII, and no byte of a longer sequence is ASCII.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension StringProtocol {
    /// The text without XML white space at either end. Worked on the UTF-8 bytes: a navigation of a
    /// thousand entries trims every href and title before the first screen.
    func trimmingXMLSpace() -> String {
        let bytes = utf8
        var first: UTF8View.Index?
        var last = bytes.startIndex
        for index in bytes.indices where !XMLSpace.isSpace(bytes[index]) {
            if first == nil { first = index }
            last = index
        }
        guard let first else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The text trimmed, with each run of XML white space inside it made one space (a title written over
    /// several lines of markup reads as one line). Only the ASCII spaces change, so the bytes between them
    /// are copied as they are.
    func collapsingXMLSpace() -> String {
        guard let collapsed = XMLSpace.collapsed(utf8) else { return String(self) }
        return String(decoding: collapsed, as: UTF8.self)
    }
}

extension XMLSpace {
    /// UTF-8 bytes trimmed of XML space, each run of it inside made one space; nil when that changes
    /// nothing. Most titles hold nothing to change (a navigation of a thousand entries collapses each
    /// before the first screen): no XML space at the ends, no space but single ones between words.
    static func collapsed(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        if isCollapsed(bytes) { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if isSpace(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return result
    }

    /// Whether `collapsed` leaves the bytes as they are.
    private static func isCollapsed(_ bytes: some Collection<UInt8>) -> Bool {
        var previousIsSpace = true  // a space first is one at the start
        for byte in bytes {
            if byte == 0x20 {
                if previousIsSpace { return false }
                previousIsSpace = true
            } else if isSpace(byte) {
                return false
            } else {
                previousIsSpace = false
            }
        }
        return !previousIsSpace || bytes.isEmpty
    }
}
