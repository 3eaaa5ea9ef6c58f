import NovelCore

/// Encoding detection and decoding of any bytes: a book, a clear error, never a trap.
enum DecodingFuzzTarget {
    /// Encodings a user may force with `--encoding`; the input's length picks one, so each input is also
    /// decoded by a converter detection would not choose.
    static let forced = ["GB18030", "Big5", "UTF-16LE", "UTF-16BE", "UTF-32", "Shift_JIS", "windows-1252", "UTF-8"]

    static let target = FuzzTarget(
        name: "decode", summary: "encoding detection and decoding (BookLoader.decode) of any bytes",
        dictionaries: ["encodings.dict", "headings.dict"],
        run: { bytes in
            for encoding in [nil, forced[bytes.count % forced.count]] {
                guard let text = try? BookLoader.decode(bytes, path: "fuzz-input", encoding: encoding) else { continue }
                FuzzCheck.require(String(validating: text.utf8, as: UTF8.self) != nil, "decoded text is not UTF-8")
                // The preview's path: detection over the first bytes only.
                _ = try? BookLoader.decode(bytes, path: "fuzz-input", detectionLimit: 64)
            }
        })
}
