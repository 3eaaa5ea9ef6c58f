/// How the decoder chose a book's encoding.
public enum EncodingSource: Sendable, Equatable {
    case byteOrderMark
    case validUTF8
    case detected(confidence: Int)
    case forced
}

/// A book's text after decoding: UTF-8, LF line endings, no BOM, terminal controls neutralised.
/// Every position in novel (chapters, pages, bookmarks) is a byte offset into `utf8`.
public struct BookText: Sendable {
    public let utf8: [UInt8]
    /// The ICU name of the encoding the file was decoded from.
    public let encoding: String
    public let encodingSource: EncodingSource
    /// Illegal or unmappable byte sequences replaced by U+FFFD.
    public let invalidSequences: Int

    public init(utf8: [UInt8], encoding: String, encodingSource: EncodingSource, invalidSequences: Int) {
        self.utf8 = utf8
        self.encoding = encoding
        self.encodingSource = encodingSource
        self.invalidSequences = invalidSequences
    }
}
