extension ChapterSplitter {
    /// A heading line found by the scan. Its texts are ranges of the book's bytes, made into Strings only
    /// for the entries that are kept (`title(_:)`).
    struct FoundHeading {
        var lineStart: Int
        /// Where the chapter's text starts: just past the heading line and its line feed, past title lines
        /// that follow a bare heading, or inside the line for a run-on heading.
        var bodyStart: Int
        /// The whole trimmed heading line (the caption's part for a heading inside an illustration).
        var line: Range<Int>
        /// Where the heading as a title ends: the line's end, or for a run-on heading where the body begins.
        var titleEnd: Int
        /// A bare heading's whole title, made by `BareHeadingTitle` while the bytes around the heading are
        /// still in the cache (the entries are built in a later pass).
        var completedTitle: String?
        var candidate: HeadingCandidate
        /// Non-blank lines between the previous heading and this one.
        var textLinesBefore: Int
        /// The longest of those lines, in bytes after trimming.
        var longestTextLineBefore: Int
        /// The title text after the marker (`本天倫談性命之情` in `第一回 本天倫談性命之情`), for a list of
        /// contents to lend to a bare body heading; empty when the marker stands alone.
        var titleAfterMarker: Range<Int>
        /// How the title was completed, for `novel toc --explain`.
        var note: Note?
        /// Where a running head folded into this heading's entry begins (`RunningHeads`), if there is one.
        var runningHeadStart: Int? = nil

        /// Where the heading's entry begins: at its running head, or at its own line.
        var entryStart: Int { runningHeadStart ?? lineStart }

        enum Note: String {
            case runOn = "run-on: the title ends where the body begins"
            case titleFromNextLine = "bare heading: title from the next line"
            case titleFromNextLines = "bare heading: title from the next lines"
            case titleFromList = "bare heading: title from the list of contents"
        }

        /// The heading as a title: the line, or for a run-on heading only its beginning.
        var titleRange: Range<Int> { line.lowerBound..<titleEnd }

        /// The title shown in the table of contents.
        func title(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            completedTitle ?? ChapterSplitter.text(bytes, titleRange)
        }

        /// The trimmed heading line.
        func lineText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            ChapterSplitter.text(bytes, line)
        }
    }
}
