/// A member name a zip holds in a legacy encoding rather than UTF-8. The zip format leaves a name's encoding
/// to the system that wrote it unless a flag says UTF-8, and zippers on Chinese, Taiwanese and Japanese
/// Windows write the names in the system's code page (GBK, Big5, Shift_JIS) with no flag, while the package
/// and the navigation name the same files in UTF-8. Reading systems that read such books (calibre) decode
/// the names; here each name that is not UTF-8 is also known by its readings in those encodings
/// (`EpubArchive.member`), each reading one that decodes every byte.
enum ZipLegacyName {
    /// The encodings a name that is not UTF-8 is read in: the code pages of the zippers that write them.
    static let encodings = ["GB18030", "Big5-HKSCS", "Shift_JIS"]

    /// The readings of `name` (a member's name as `RawPath` keeps it) in `encodings` that decode all of its
    /// bytes, without repeats; none for a name that is UTF-8.
    static func readings(of name: String) -> [String] {
        guard RawPath.hasRawBytes(name) else { return [] }
        let bytes = RawPath.bytes(of: name)
        var readings: [String] = []
        for encoding in encodings {
            guard let decoded = try? StreamingDecoder.decode(bytes, encoding: encoding), decoded.invalidSequences == 0
            else { continue }
            let reading = String(decoding: decoded.utf8, as: UTF8.self)
            if reading != name && !readings.contains(reading) { readings.append(reading) }
        }
        return readings
    }
}
