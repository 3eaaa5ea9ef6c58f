/// How the decoder chose a book's encoding.
public enum EncodingSource: Sendable, Equatable, CustomStringConvertible {
    case byteOrderMark
    case validUTF8
    /// ICU's detector (or the UTF-16 / damaged-UTF-8 heuristics) with a confidence of 0–100.
    case detected(confidence: Int)
    /// `--encoding NAME`.
    case forced
    /// An EPUB: its content documents, each decoded as its own declaration says (`XHTMLText`).
    case epubDocuments

    /// What `novel info` prints: "BOM", "valid UTF-8", "detected (confidence N)" or "forced".
    public var description: String {
        switch self {
        case .byteOrderMark: "BOM"
        case .validUTF8: "valid UTF-8"
        case .detected(let confidence): "detected (confidence \(confidence))"
        case .forced: "forced"
        case .epubDocuments: "EPUB content documents"
        }
    }
}

/// A book's text after decoding: UTF-8, LF line endings, no BOM, terminal controls neutralised.
/// Every position in novel (chapters, pages, bookmarks) is a byte offset into `utf8`, which is the one
/// copy of the text in memory: a private map of the file when the text is the file's bytes (see
/// `TextBytes`, `MappedFile`), else the decoded array.
public struct BookText: Sendable {
    public let utf8: TextBytes
    /// The name of the encoding the file was decoded from ("UTF-8", "GB18030", "Big5-HKSCS", "UTF-16LE", …).
    public let encoding: String
    public let encodingSource: EncodingSource
    /// Illegal or unmappable byte sequences replaced by U+FFFD.
    public let invalidSequences: Int
    /// The size of the file before decoding, in bytes.
    public let sourceByteCount: Int
    /// The file's size and modification time when it was read (nil for text not read from a file).
    public var fileIdentity: FileIdentity?
    /// The text is the file's bytes unchanged (UTF-8 without a mark, nothing normalised), so every text
    /// offset is also a file offset: a chapter can be read from the file alone (`BookPreview`).
    public var isVerbatim = false
    /// `BookFingerprint.of(utf8)`, when the loader took it beside its UTF-8 check (a long text that is its
    /// file's bytes, `BookLoader.decode(fingerprinting:)`); nil when it did not.
    public var verbatimFingerprint: String?
    /// What the file's bytes were when they were read, to tell later that the file only grew (nil for
    /// text not read from a file).
    public var appendProbe: AppendProbe?

    public init(
        utf8: [UInt8], encoding: String, encodingSource: EncodingSource, invalidSequences: Int,
        sourceByteCount: Int? = nil
    ) {
        self.init(
            bytes: TextBytes(utf8), encoding: encoding, encodingSource: encodingSource,
            invalidSequences: invalidSequences, sourceByteCount: sourceByteCount)
    }

    public init(
        bytes utf8: TextBytes, encoding: String, encodingSource: EncodingSource, invalidSequences: Int,
        sourceByteCount: Int? = nil
    ) {
        self.utf8 = utf8
        self.encoding = encoding
        self.encodingSource = encodingSource
        self.invalidSequences = invalidSequences
        self.sourceByteCount = sourceByteCount ?? utf8.count
    }

    /// The stamp saved with the book's state; nil when the text was not read from a file.
    public var sourceStamp: SourceStamp? {
        fileIdentity.map { SourceStamp(file: $0, encoding: encoding, textBytes: utf8.count, verbatim: isVerbatim) }
    }

    /// The number of Unicode scalars (code points), counted eight bytes at a time on each access: every
    /// byte that is not a UTF-8 continuation byte starts one. For Chinese text this equals the grapheme count.
    public var characters: Int {
        utf8.withUnsafeBufferPointer { scalarCount($0, 0..<$0.count) }
    }

    /// The number of Unicode scalars in `range` (clamped to the text).
    public func characters(in range: Range<Int>) -> Int {
        utf8.withUnsafeBufferPointer { bytes in
            let lower = max(0, min(range.lowerBound, bytes.count))
            return scalarCount(bytes, lower..<max(lower, min(range.upperBound, bytes.count)))
        }
    }

    /// The number of lines: line feeds, plus one for a last line without one (an empty text has none).
    public var lines: Int {
        utf8.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var feeds = 0
            var index = 0
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                // Exact zero-byte mask: bit 7 of each byte that was 0x0A.
                let zeroBytes = ~(((word & low7) &+ low7) | word | low7)
                feeds += zeroBytes.nonzeroBitCount
                index += 8
            }
            while index < bytes.count {
                if bytes[index] == 0x0A { feeds += 1 }
                index += 1
            }
            return feeds + (bytes.last.map { $0 != 0x0A } ?? false ? 1 : 0)
        }
    }
}
