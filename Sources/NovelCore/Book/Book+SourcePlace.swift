extension Book {
    /// Where the text at `offset` came from in an EPUB book's file, for people (`novel line --place`,
    /// bookmark exports): the spine item's member path and the byte offset in that item's XHTML
    /// (`OEBPS/ch03.xhtml:1234`, `EpubSourceMap.Place`). Nil for a plain-text book, whose text offsets are
    /// its places.
    public func sourcePlace(of offset: Int) -> String? {
        epub?.sources.place(of: offset)?.description
    }
}
