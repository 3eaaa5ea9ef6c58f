/// Follows libxml2's HTML parser through a document and says at each callback which byte of the
/// document it has reached. The parser reads decoded UTF-8, and only its count of decoded bytes is cheap
/// to read (`xmlByteConsumed` converts the rest of the buffer back on every call, which is quadratic on
/// a large document), so for a document in another encoding the decoded bytes between two callbacks are
/// measured in the document's encoding: exact for UTF-8 and UTF-16, for single-byte encodings and for
/// GBK, Big5 and the like (two bytes a character), and off only for GB18030's rarer four-byte forms.
struct XHTMLSourceTracker {
    /// The decoded position last reached and the document offset it stands for.
    private(set) var decoded = 0
    private(set) var source = 0

    /// How the document's encoding spends bytes on a character, by the length of its UTF-8 form.
    enum EncodedWidth {
        /// UTF-8 itself: the decoded bytes are the document's bytes.
        case same
        /// One byte a character (ISO 8859, Windows code pages, KOI8).
        case single
        /// Two bytes a character but ASCII, four for characters outside the BMP (GBK, Big5, Shift_JIS).
        case double
        /// UTF-16: two bytes a BMP character, four outside it.
        case utf16

        /// The width for libxml2's name of an encoding.
        init(encodingName name: String) {
            let upper = name.uppercased()
            if upper == "UTF-8" || upper == "UTF8" {
                self = .same
            } else if upper.hasPrefix("UTF-16") || upper.hasPrefix("UTF16") || upper.hasPrefix("UCS-2") {
                self = .utf16
            } else if upper.contains("8859") || upper.contains("1252") || upper.hasPrefix("WINDOWS-")
                || upper.hasPrefix("CP12") || upper.hasPrefix("KOI8") || upper.contains("ASCII")
                || upper.hasPrefix("LATIN")
            {
                self = .single
            } else {
                self = .double
            }
        }

        /// The bytes a character takes whose UTF-8 form is `utf8Length` bytes.
        @inline(__always)
        func bytes(utf8Length: Int) -> Int {
            switch self {
            case .same: utf8Length
            case .single: 1
            case .double: utf8Length == 1 ? 1 : (utf8Length == 4 ? 4 : 2)
            case .utf16: utf8Length == 4 ? 4 : 2
            }
        }
    }

    /// Starts again from a known pair: the decoded position `position` is the document's byte `source`
    /// (where an encoding takes over, measured once by libxml2).
    mutating func reanchor(decoded position: Int, source offset: Int) {
        decoded = position
        source = offset
    }

    /// Moves to the decoded position `position`. `consumed` is how many decoded bytes the parser has let
    /// go (its input's `consumed`); `buffer` holds the decoded bytes from there on; `width` is nil while
    /// the document is read as it is (UTF-8, or before a declared encoding takes over). Bytes let go
    /// before this call saw them were read before the encoding switched, so they count as they are.
    mutating func advance(
        to position: Int, consumed: Int, buffer: UnsafePointer<UInt8>?, width: EncodedWidth?
    ) -> Int {
        guard position > decoded else { return source }
        guard let width, width != .same, let buffer else {
            source += position - decoded
            decoded = position
            return source
        }
        if decoded < consumed {
            source += consumed - decoded
            decoded = consumed
        }
        var index = decoded - consumed
        let end = position - consumed
        while index < end {
            let length = utf8SequenceLength(buffer[index])
            source += width.bytes(utf8Length: length)
            index += length
        }
        decoded = position
        return source
    }
}
