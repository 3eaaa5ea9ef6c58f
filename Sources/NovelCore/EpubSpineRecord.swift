/// What the first screen of an EPUB read before needs beside its state and the chapter index the full open
/// left in the cache (`BookPreview.epub`): where each spine document's text lies in the book's text, so that
/// only the documents holding the saved chapter are read and parsed; the script the full open chose (from
/// samples of the whole text when the package names no language); and the file, its zip directory and the
/// text length it was made for. The directory's digest (every member's CRC-32 and sizes) pins the bytes of
/// the package, the stylesheets and the documents, so that a reopen may parse a document only up to the end
/// of the chapter on screen, in the encoding recorded for it, and still find the text where the record
/// says; a file whose directory differs gets no such shortcut. Kept in the chapter-index cache's folder, under its name prefix, so its size limit and
/// eviction count it too.
struct EpubSpineRecord: Equatable, Sendable {
    /// One document of the spine that is in the archive, in spine order.
    struct Document: Equatable, Sendable {
        /// Its member path.
        var member: String
        /// Its text in the book's text (empty, where the text so far ended, for a document without text).
        var span: Range<Int>
        /// The encoding its parse was told (`XHTMLText.declaredEncoding`), which a read of only its start
        /// cannot tell.
        var encoding: String?
    }

    var file: FileIdentity
    /// The archive's `EpubArchive.directoryDigest` when the record was made.
    var directory: ByteDigest
    var textBytes: Int
    var script: TextProfile.Script
    var documents: [Document]

    static let magic: [UInt8] = Array("NVSPINE4\n".utf8)

    static func path(in cache: ChapterIndexCache, fingerprint: String) -> String {
        cache.directory + "/" + ChapterIndexCache.filePrefix + fingerprint + ".spine"
    }

    /// The record kept for the book with `fingerprint`, or nil when there is none or it does not read whole
    /// (spans in order, inside the text).
    static func load(from cache: ChapterIndexCache, fingerprint: String) -> EpubSpineRecord? {
        guard let data = try? BookFile.read(path(in: cache, fingerprint: fingerprint), limit: BookFile.largestCache)
        else { return nil }
        return data.withUnsafeBytes { raw -> EpubSpineRecord? in
            var reader = BinaryRecordReader(bytes: raw)
            guard reader.take(magic.count).map(Array.init) == magic, reader.string() == fingerprint,
                let bytes = reader.integer(), let modified = reader.integer(), let digestCount = reader.integer(),
                let digestHigh = reader.integer(), let digestLow = reader.integer(), let textBytes = reader.integer(),
                let script = reader.string().flatMap(TextProfile.Script.init(rawValue:)),
                let count = reader.integer(), (0...raw.count).contains(count)
            else { return nil }
            var documents: [Document] = []
            var end = 0
            for _ in 0..<count {
                guard let member = reader.string(), let lower = reader.integer(), let upper = reader.integer(),
                    let encoding = reader.string(), end <= lower, lower <= upper, upper <= textBytes
                else { return nil }
                documents.append(
                    Document(member: member, span: lower..<upper, encoding: encoding.isEmpty ? nil : encoding))
                end = upper
            }
            guard reader.isAtEnd else { return nil }
            return EpubSpineRecord(
                file: FileIdentity(bytes: bytes, modified: Int64(modified)),
                directory: ByteDigest(
                    count: digestCount, high: UInt64(bitPattern: Int64(digestHigh)),
                    low: UInt64(bitPattern: Int64(digestLow))),
                textBytes: textBytes, script: script,
                documents: documents)
        }
    }

    /// Best effort, as every cache file: a record that cannot be written only costs the next first screen
    /// its early start.
    func store(in cache: ChapterIndexCache, fingerprint: String) {
        var writer = BinaryRecordWriter()
        writer.string(fingerprint)
        writer.integer(file.bytes)
        writer.integer(Int(file.modified))
        writer.integer(directory.count)
        writer.integer(Int(Int64(bitPattern: directory.high)))
        writer.integer(Int(Int64(bitPattern: directory.low)))
        writer.integer(textBytes)
        writer.string(script.rawValue)
        writer.integer(documents.count)
        for document in documents {
            writer.string(document.member)
            writer.integer(document.span.lowerBound)
            writer.integer(document.span.upperBound)
            writer.string(document.encoding ?? "")  // no encoding is ever named by the empty string
        }
        cache.write(Self.magic + writer.bytes, to: Self.path(in: cache, fingerprint: fingerprint))
    }
}
