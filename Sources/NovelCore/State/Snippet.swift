import Foundation

/// A few characters of the text at a position: shown in bookmark lists and used to find the place
/// again when the book's text changes.
public enum Snippet {
    public static let length = 24

    /// Up to `length` characters from `offset`, skipping leading blanks (`Blanks`) and line breaks; line breaks
    /// inside become spaces.
    public static func at(_ offset: Int, in text: BookText, length: Int = Snippet.length) -> String {
        let bytes = text.utf8
        var start = min(max(offset, 0), bytes.count)
        while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }  // never start mid-character
        start = bytes.withUnsafeBufferPointer { Blanks.textStart($0, from: start, to: $0.count, acrossLines: true) }
        var end = start
        var characters = 0
        while end < bytes.count, characters < length {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            characters += 1
        }
        let raw = String(decoding: bytes[start..<end], as: UTF8.self)
        return String(raw.map { $0 == "\n" ? " " : $0 })
    }
}

/// Builds bookmarks and reading positions for a place in a book.
public enum BookmarkFactory {
    public static func make(book: Book, offset: Int, note: String?, number: Int, now: Date = Date()) -> Bookmark {
        let entry = book.index.entryIndex(containing: offset)
        return Bookmark(
            id: "b\(number)", offset: offset, chapterIndex: entry,
            chapterTitle: book.index.entries.indices.contains(entry) ? book.index.entries[entry].title : "",
            snippet: Snippet.at(offset, in: book.text), note: note.flatMap { $0.isEmpty ? nil : $0 }, created: now,
            uid: RandomID.random())
    }

    public static func position(book: Book, offset: Int, now: Date = Date()) -> ReadingPosition {
        let entry = book.index.entryIndex(containing: offset)
        return ReadingPosition(
            offset: offset, chapterIndex: entry,
            chapterTitle: book.index.entries.indices.contains(entry) ? book.index.entries[entry].title : "",
            snippet: Snippet.at(offset, in: book.text),
            percent: ReadingPosition.percent(offset, of: book.text.utf8.count), saved: now)
    }
}
