import Foundation

extension BookText {
    /// The text of the file at `path` when bytes were only appended to the file this text was read from
    /// (`AppendProbe.grown`), reading only those bytes: the same text a whole open of the grown file
    /// gives, in the encoding this text was read in. Nil when the file changed any other way, or when
    /// the new bytes cannot be read on from where the old ones ended (then the whole file is opened again):
    ///
    /// - A UTF-8 book whose text is its file (`isVerbatim`) stays so when what was appended is valid
    ///   UTF-8 with nothing to normalise: the grown file is mapped and only its new bytes are checked.
    /// - A decoded book is read on when its encoding has no state carried from one character to the
    ///   next (`decodesOnFromLineEnd`) and the old bytes ended with a line feed, so that no character
    ///   and no CR LF pair straddles the old end; only the new bytes are decoded.
    ///
    /// A detected encoding is kept, not detected again over the grown file.
    func appended(path: String) -> BookText? {
        guard let probe = appendProbe, !utf8.lostPages, let (bytes, status) = probe.grown(path: path) else {
            return nil
        }
        let old = probe.size
        var text: BookText
        if isVerbatim {
            let clean = bytes.withUnsafeBufferPointer { buffer in
                let tail = UnsafeBufferPointer(rebasing: buffer[old...])
                return UTF8Validator.isValid(tail) && TextNormaliser.normalised(tail) == nil
            }
            guard clean else { return nil }
            text = BookText(
                bytes: bytes, encoding: encoding, encodingSource: encodingSource, invalidSequences: 0,
                sourceByteCount: bytes.count)
            text.isVerbatim = true
        } else {
            guard Self.decodesOnFromLineEnd(encoding), utf8.last == 0x0A,
                bytes.withUnsafeBufferPointer({
                    Self.endsWithLineFeed(UnsafeBufferPointer(rebasing: $0[..<old]), encoding)
                }),
                let tail = try? bytes.withUnsafeBufferPointer({ buffer throws(BookError) in
                    try StreamingDecoder.decode(
                        UnsafeBufferPointer(rebasing: buffer[old...]), encoding: encoding, normalising: true)
                }),
                // A book read as valid UTF-8 that no longer is would be detected anew by a whole open.
                encodingSource != .validUTF8 || tail.invalidSequences == 0
            else { return nil }
            var grown: [UInt8] = []
            grown.reserveCapacity(utf8.count + tail.utf8.count)
            utf8.withUnsafeBufferPointer { grown.append(contentsOf: $0) }
            grown.append(contentsOf: tail.utf8)
            text = BookText(
                utf8: grown, encoding: encoding, encodingSource: encodingSource,
                invalidSequences: invalidSequences + tail.invalidSequences, sourceByteCount: bytes.count)
        }
        text.fileIdentity = FileIdentity(status)
        text.appendProbe = AppendProbe(status: status, bytes: bytes)
        return text
    }

    /// Encodings whose decoding of a line can start at any line feed: no shift state (as ISO-2022 and
    /// HZ have), and a line feed's byte never inside another character (it is no trail byte of the CJK
    /// double-byte sets, nor of GB18030's four-byte form).
    static func decodesOnFromLineEnd(_ encoding: String) -> Bool {
        switch encoding.uppercased() {
        case "UTF-8", "UTF-16LE", "UTF-16BE", "GB18030", "BIG5-HKSCS", "SHIFT_JIS", "EUC-JP", "EUC-KR", "KOI8-R": true
        case let name where name.hasPrefix("ISO-8859-") || name.hasPrefix("WINDOWS-125"): true
        default: false
        }
    }

    /// Whether `bytes` end with a line feed in `encoding` (one of `decodesOnFromLineEnd`'s).
    static func endsWithLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, _ encoding: String) -> Bool {
        let count = bytes.count
        switch encoding.uppercased() {
        case "UTF-16LE": return count >= 2 && count % 2 == 0 && bytes[count - 2] == 0x0A && bytes[count - 1] == 0
        case "UTF-16BE": return count >= 2 && count % 2 == 0 && bytes[count - 2] == 0 && bytes[count - 1] == 0x0A
        default: return bytes.last == 0x0A
        }
    }
}
