import NovelCore

/// Encoding detection and decoding of any bytes: a book, a clear error, never a trap.
enum DecodingFuzzTarget {
    /// Encodings a user may force with `--encoding`; the input's length picks one, so each input is also
    /// decoded by a converter detection would not choose.
    static let forced = ["GB18030", "Big5", "UTF-16LE", "UTF-16BE", "UTF-32", "Shift_JIS", "windows-1252", "UTF-8"]

    static let target = FuzzTarget(
        name: "decode",
        summary:
            "encoding detection and decoding (BookLoader.decode) of any bytes; GB18030 and Big5's table road against ICU",
        dictionaries: ["encodings.dict", "headings.dict"],
        run: { bytes in
            for encoding in [nil, forced[bytes.count % forced.count]] {
                guard let text = try? BookLoader.decode(bytes, path: "fuzz-input", encoding: encoding) else { continue }
                FuzzCheck.require(String(validating: text.utf8, as: UTF8.self) != nil, "decoded text is not UTF-8")
                // The preview's path: detection over the first bytes only.
                _ = try? BookLoader.decode(bytes, path: "fuzz-input", detectionLimit: 64)
            }
            // The table road of GB18030 and Big5-HKSCS gives ICU's own result, whatever the bytes and
            // wherever the chunks end.
            for encoding in ["GB18030", "Big5-HKSCS"] {
                guard
                    let looked = try? StreamingDecoder.decode(
                        bytes, encoding: encoding, chunkSize: 1 + bytes.count % 7),
                    let alone = try? StreamingDecoder.decode(bytes, encoding: encoding, lookingUp: false)
                else { continue }
                FuzzCheck.require(looked.utf8 == alone.utf8, "\(encoding): the table road's text is not ICU's")
                FuzzCheck.require(
                    looked.invalidSequences == alone.invalidSequences,
                    "\(encoding): the table road's count is not ICU's")
            }
        })
}
