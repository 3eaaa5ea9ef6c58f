import Foundation

extension LegadoBook {
    /// The book of `state` as legado knows it, opened from the file it was last read from (through its
    /// source stamp where that still holds, as `novel search` opens a book, else whole, with the book's
    /// chosen encoding and chapter pattern, as the reader opens it); nil where that file is gone or now
    /// holds other text: legado's place cannot be mapped into text novel does not have. For `novel sync`,
    /// which has no book open (`LibrarySync`).
    public static func opened(for state: BookState, paths: NovelPaths) -> LegadoBook? {
        let path = state.lastPath
        guard !path.isEmpty, FileManager.default.isReadableFile(atPath: path) else { return nil }
        var book: Book?
        if state.encoding == nil, let stamp = state.source {
            book = BookOpener.openStamped(
                path: path, stamp: stamp, fingerprint: state.fingerprint, chapterPattern: state.chapterPattern,
                paths: paths)
        }
        if book == nil {
            book = try? BookOpener.open(
                path: path, encoding: state.encoding, chapterPattern: state.chapterPattern, paths: paths)
        }
        guard let book, book.fingerprint == state.fingerprint else { return nil }
        return LegadoBook(book: book)
    }
}
