/// Opening a book on the word of its saved state, without a pass over its text (issue 32 item 9:
/// `novel search`'s first hits within twice the time of `grep -c`). The full open checks that the text
/// is UTF-8, checks that normalising changes nothing, and takes the fingerprint: three passes over a
/// 30 MB book that cost more than the search of its first chapters.
extension BookOpener {
    /// The book `open` makes of the file at `path`, made from the file's mapped bytes and the cached chapter
    /// index alone, or nil when the state cannot vouch for the file; then the full open is the way.
    ///
    /// `stamp` and `fingerprint` are what a book's state saved together from one opened book
    /// (`ReadingSession.update`): the stamp says that the file of this size and modification time was
    /// UTF-8 which normalising left as it is (`verbatim`), so its bytes are the text and their fingerprint
    /// is `fingerprint`, which keys the cached index. `BookPreview` trusts the same stamp for the reader's
    /// first screen. Only such a file is opened here: the text of any other (a CR LF book, GB18030, Big5,
    /// UTF-16, a byte-order mark, an EPUB) is not its bytes. A file whose size or time differs, or whose
    /// index for `chapterPattern` is not in the cache, gets nil.
    public static func openStamped(
        path: String, stamp: SourceStamp, fingerprint: String, chapterPattern: String?, paths: NovelPaths
    ) -> Book? {
        guard stamp.verbatim, stamp.encoding == "UTF-8", stamp.textBytes == stamp.file.bytes,
            let (bytes, status) = try? BookFile.mapWithStatus(path),
            // The file as mapped, not as it was a moment before: it may have been replaced in between.
            FileIdentity(status) == stamp.file, bytes.count == stamp.textBytes, !EpubFormat.startsLikeZip(bytes),
            let index = ChapterIndexCache(paths: paths).load(
                fingerprint: fingerprint, pattern: chapterPattern.flatMap { $0.isEmpty ? nil : $0 }),
            index.partitions(length: bytes.count)
        else { return nil }
        // What `BookLoader.load` makes of a verbatim file.
        var text = BookText(
            bytes: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0,
            sourceByteCount: bytes.count)
        text.isVerbatim = true
        text.fileIdentity = FileIdentity(status)
        text.appendProbe = AppendProbe(status: status, bytes: bytes)
        return Book(path: path, title: title(of: path, text: text), text: text, fingerprint: fingerprint, index: index)
    }
}
