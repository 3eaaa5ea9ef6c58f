/// What the layouter reads for one chapter. Most chapters are shown as the file has them; many differ
/// only by whole source lines a transform hides (a site's `本章字数:…` line), and those are laid out
/// from the book text itself, skipping the hidden lines, so that they cost no copy. Only a chapter
/// whose shown bytes differ inside a line (joined lines, curly quotes, a hidden prefix) gets a
/// `DisplayText`.
public enum ChapterText: Sendable, Equatable {
    /// The chapter's bytes as they are.
    case asWritten
    /// The chapter's bytes without these whole source lines (each with its line end), in order, disjoint.
    case hidingLines([Range<Int>])
    /// A display text with its map back to the book text.
    case display(DisplayText)

    /// The display text, when the chapter has one.
    public var displayText: DisplayText? {
        if case .display(let text) = self { return text }
        return nil
    }

    /// The hidden whole lines laid out around (none for the other cases).
    var hiddenLines: [Range<Int>] {
        if case .hidingLines(let lines) = self { return lines }
        return []
    }
}
