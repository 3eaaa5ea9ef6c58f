import Foundation
import NovelCore

/// `novel bookmarks --export`'s two forms of the exported bookmarks: Markdown to read or paste into
/// notes, JSON for programs.
enum BookmarkExportText {
    /// One `#` section a book: its path, then each chapter holding bookmarks as a `##` heading and under
    /// it each bookmark's quote, its note and its id and place.
    static func markdown(_ books: [BookmarkExport]) -> String {
        books.map(markdown).joined(separator: "\n")
    }

    static func markdown(_ book: BookmarkExport) -> String {
        var text = "# \(book.title)\n\n`\(book.path)`\n"
        if !book.quotedFromBook { text += "\n(The book could not be read: the quotes are the saved snippets.)\n" }
        if book.bookmarks.isEmpty { text += "\nNo bookmarks.\n" }
        var chapter: Int?
        for bookmark in book.bookmarks {
            if bookmark.chapterIndex != chapter {
                text += "\n## \(bookmark.chapterTitle.isEmpty ? "(no chapter)" : bookmark.chapterTitle)\n"
                chapter = bookmark.chapterIndex
            }
            text += "\n> \(bookmark.quote)\n"
            if let note = bookmark.note { text += "\n\(note)\n" }
            let place = bookmark.percent.map { String(format: "%.1f%%", $0) } ?? "offset \(bookmark.offset)"
            let source = bookmark.source.map { ", `\($0)`" } ?? ""
            text += "\n— \(bookmark.id), \(place)\(source)\n"
        }
        return text
    }

    static func object(_ book: BookmarkExport) -> [String: Any] {
        let formatter = ISO8601DateFormatter()
        return [
            "title": book.title, "path": book.path, "quotedFromBook": book.quotedFromBook,
            "bookmarks": book.bookmarks.map { bookmark in
                var row: [String: Any] = [
                    "id": bookmark.id, "chapterIndex": bookmark.chapterIndex, "chapterTitle": bookmark.chapterTitle,
                    "offset": bookmark.offset, "percent": bookmark.percent ?? NSNull(), "quote": bookmark.quote,
                    "note": bookmark.note ?? NSNull(), "created": formatter.string(from: bookmark.created),
                ]
                // An EPUB's bookmark also says where it stands in the book's file.
                if let source = bookmark.source { row["source"] = source }
                return row
            },
        ]
    }
}
