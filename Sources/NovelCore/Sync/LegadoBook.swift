import Foundation

/// A book as legado knows it, for exchanging places with it (`BookSync`, `sync.legado`): the name and
/// author its progress file is named after, and novel's chapters and text to map its place to a byte.
public struct LegadoBook: Sendable {
    public var name: String
    public var author: String
    public var chapters: [LegadoPlace.Chapter]
    public var text: TextBytes

    public init(name: String, author: String, chapters: [LegadoPlace.Chapter], text: TextBytes) {
        self.name = name
        self.author = author
        self.chapters = chapters
        self.text = text
    }

    /// The opened book as legado names it: an EPUB by its package's title and first creator (what legado
    /// reads from the package), a .txt by its file's name (`LegadoBookName`). Each entry of the table of
    /// contents is a chapter, from its own heading (a running head before it is not legado's).
    public init(book: Book) {
        if let epub = book.epub {
            name = book.title
            author = epub.authors.first?.trimmingCharacters(in: .whitespaces) ?? ""
        } else {
            let fileName = book.path.split(separator: "/").last.map(String.init) ?? book.path
            (name, author) = LegadoBookName.of(fileName: fileName)
        }
        chapters = book.index.entries.map {
            LegadoPlace.Chapter(title: $0.title, range: $0.headingStart..<$0.range.upperBound)
        }
        text = book.text.utf8
    }
}
