/// A `Book`'s chapters as they are shown: the transforms (`Transform/`) know bytes, a profile and the
/// options, not the `Book` that holds them.
extension DisplayTransform {
    /// What the layouter reads for `book.index.entries[entry]`.
    public static func chapterText(_ book: Book, entry: Int, options: DisplayOptions) -> ChapterText {
        shown(book, entry: entry, options: options, keepHiddenLines: true)
    }

    /// The display text of `book.index.entries[entry]`, or nil when it is shown as the file has it;
    /// conversions are looked up in and kept in `recent`.
    public static func display(
        _ book: Book, entry: Int, options: DisplayOptions, recent: RecentConversions = .shared
    ) -> DisplayText? {
        shown(book, entry: entry, options: options, keepHiddenLines: false, recent: recent).displayText
    }

    private static func shown(
        _ book: Book, entry: Int, options: DisplayOptions, keepHiddenLines: Bool, recent: RecentConversions = .shared
    ) -> ChapterText {
        let section = book.index.entries[entry]
        return book.text.utf8.withUnsafeBufferPointer { bytes in
            shown(
                bytes, chapter: section.range, bodyStart: section.bodyStart, headingStart: section.headingStart,
                profile: book.profile, options: options, keepHiddenLines: keepHiddenLines, recent: recent,
                rubyReadings: book.markup?.rubyReadings(overlapping: section.range) ?? [],
                verbatim: book.markup?.verbatim(overlapping: section.range) ?? [],
                preformatted: book.markup?.preformatted(overlapping: section.range) ?? [])
        }
    }
}
