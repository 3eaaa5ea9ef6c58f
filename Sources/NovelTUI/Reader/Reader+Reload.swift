import NovelCore

extension Reader {
    /// The book's file changed and was opened again: shows the new text at the same place (the saved
    /// position, re-anchored to the new text by `ReadingSession.open`), with the re-anchored bookmarks
    /// and history, and says how many chapters were added.
    public mutating func reload(_ reopened: Book, state: BookState?) {
        let before = entries.count
        let offset = state?.position?.offset ?? firstVisibleOffset
        book = reopened
        if let state {
            bookState = state
            history = state.history
        }
        currentMatch = nil
        selectedLink = nil
        animation = nil
        meter.restart()
        frame = makeFrame()
        layout = BookLayout(book: book, settings: frame.layout, viewport: frame.viewport)
        anchor = max(0, min(offset, book.text.utf8.count))
        relocate()
        keepHitsCurrent()
        refindSentences()
        let added = entries.count - before
        message =
            added > 0
            ? "The file changed: \(added) chapter\(added == 1 ? "" : "s") added" : "The file changed: reloaded"
        // Opened again: what is missing from the new file is said again, after the change.
        tell([reopened.epub?.notice].compactMap { $0 })
    }
}
