/// A chapter the reader can no longer decode, shown as a message in its place.
///
/// A book whose text is its file's bytes is read through a memory map, and the file can be rewritten
/// in place by another program (a downloader, an editor) after the book was opened and validated: the
/// map then shows the new bytes, which may no longer be UTF-8, and their offsets may no longer fall on
/// the chapter's characters. Laying such bytes out would show garbage; the chapter shows this message
/// instead, mapped to the chapter's start, and the rest of the book reads on.
enum UnreadableChapter {
    static let message =
        "This chapter cannot be shown: the file was changed on disk after the book was opened, and its text here is no longer valid UTF-8. Reopen the book to read it."

    /// The message for `chapter` of `text` when its bytes are no longer valid UTF-8, else nil. Only a
    /// verbatim text can change under the reader: decoded text is a copy of its own.
    static func shown(_ text: BookText, chapter: Range<Int>) -> ChapterText? {
        guard text.isVerbatim, !chapter.isEmpty else { return nil }
        let valid = text.utf8.withUnsafeBufferPointer { bytes -> Bool in
            guard chapter.upperBound <= bytes.count else { return false }
            return UTF8Validator.isValid(UnsafeBufferPointer(rebasing: bytes[chapter]))
        }
        guard !valid else { return nil }
        var display = DisplayText(capacity: message.utf8.count)
        display.replace(chapter.lowerBound..<chapter.lowerBound, with: Array(message.utf8))
        return .display(display)
    }
}
