extension ReadingSession {
    /// This session's book again after its file changed while the reader was at `place` (live reload).
    ///
    /// When chapters were only appended (`BookOpener.appended`: the same file, grown, its old bytes as
    /// they were), no position moves: the book's state goes over to the grown book as it is, at `place`,
    /// in one write, and nothing is re-anchored. Any other change saves `place` to this book's state
    /// and `reopen` opens the file whole, which re-anchors that state to the new text (`open`).
    /// `paths` holds the chapter cache (nil: none). Problems saving are in the result's warnings.
    public func reloaded(
        at place: ReadingPosition, paths: NovelPaths?, reopen: () throws -> ReadingSession
    ) throws -> ReadingSession {
        var warnings: [String] = []
        // The file holds what the reader saved since the book was opened (bookmarks, choices).
        let saved = store.load(fingerprint: book.fingerprint, warnings: &warnings) ?? state
        guard let grown = BookOpener.appended(to: book, chapterPattern: saved?.chapterPattern, paths: paths) else {
            do {
                try update { $0.save(place) }
            } catch {
                warnings.append("\(error)")
            }
            let reopened = try reopen()
            return ReadingSession(
                book: reopened.book, state: reopened.state, stateWarnings: warnings + reopened.stateWarnings,
                store: reopened.store)
        }
        let path = Self.absolutePath(grown.path)
        func moved(_ state: inout BookState) {
            if let saved { state = saved }
            state.fingerprint = grown.fingerprint
            state.title = grown.title
            state.lastPath = path
            state.source = grown.text.sourceStamp
            state.save(place)
        }
        var state: BookState
        do {
            state = try store.update(fingerprint: grown.fingerprint, title: grown.title, path: path) { current in
                moved(&current)
                return current
            }
        } catch {
            state = BookState(fingerprint: grown.fingerprint, title: grown.title, lastPath: path)
            moved(&state)
            warnings.append("\(error)")
        }
        return ReadingSession(book: grown, state: state, stateWarnings: warnings, store: store)
    }
}

extension ReadingSession {
    /// Keeps the heading scan of a book just split beside its cached index, so that a reader which later
    /// opens it from the cache can still read an append on (`BookOpener.appended(to:)`). Only the reader
    /// asks: the record is as long as the book has heading candidates (1.2 MB for a dense 30 MB book),
    /// which `toc`, `print` and `info` should not pay for writing.
    public func keepHeadingScan(paths: NovelPaths) {
        guard let scan = book.headingScan else { return }
        ChapterIndexCache(directory: paths.cacheDirectory).storeScan(scan, fingerprint: book.fingerprint)
    }
}
