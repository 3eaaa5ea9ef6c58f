import Foundation

/// What `novel info` reports about a book: the text engine's facts, and — when the book was opened with
/// its reading state — its chapters and the reader's progress and bookmarks. The command words it as
/// text or JSON.
public struct BookInfo: Sendable, Equatable {
    public var path: String
    /// The title the book's header names, else the file name without its extension.
    public var title: String
    /// The author the header names, if it does.
    public var author: String?
    public var bytes: Int
    public var encoding: String
    /// "BOM", "valid UTF-8", "detected (confidence N)" or "forced".
    public var encodingSource: String
    /// Unicode scalars in the decoded text.
    public var characters: Int
    public var lines: Int
    public var invalidSequences: Int
    /// Whether hard-wrapped lines are joined into paragraphs, and why (`TextProfile`, setting `reflow`).
    public var reflow: String
    /// Which OpenCC configuration the text is shown through, and why ("none", "this book's convert = s2t").
    public var convert: String
    /// Entries in the table of contents (volumes, chapters, prefaces …); nil when only the text was read.
    public var chapters: Int?
    /// TOC entries that are numbered chapters (第十回, Chapter 12).
    public var numberedChapters: Int?
    /// `ChapterIndex.ruleName`: which heading rule split the book.
    public var chapterRule: String?
    /// Percent through the book at the saved reading position; nil for a book not read yet.
    public var progress: Double?
    /// The title of the chapter holding the saved reading position.
    public var progressChapter: String?
    public var bookmarks: Int?
    /// The reading measured in the book (time read, sessions, speed); nil when only the text was read.
    public var reading: ReadingTime?

    public init(path: String, text: BookText) {
        self.path = path
        let header = BookTitle.of(text)
        title = header?.title ?? BookOpener.title(of: path)
        author = header?.author
        bytes = text.sourceByteCount
        encoding = text.encoding
        encodingSource = text.encodingSource.description
        characters = text.characters
        lines = text.lines
        invalidSequences = text.invalidSequences
        reflow = Self.describeReflow(TextProfile.of(text), choice: ReflowChoice(given: nil, book: nil, setting: .auto))
        convert = ConversionChoice(given: nil, book: nil, setting: .none).description
    }

    /// "on (auto: hard-wrapped at 104 columns: …)", "off (setting)", …
    static func describeReflow(_ profile: TextProfile, choice: ReflowChoice) -> String {
        let joined = DisplayOptions(reflow: choice.value).reflows(profile)
        let how = choice.description
        return "\(joined ? "on" : "off") (\(how); \(profile.script == .cjk ? "CJK" : "Latin") text, \(profile.reason))"
    }

    /// Adds the chapters of `book` and the progress and bookmarks of its `state`; the chapter title is
    /// shown as the reader shows it, through `conversion`.
    public init(
        path: String, book: Book, state: BookState?, reflow choice: ReflowChoice,
        conversion: ConversionChoice = ConversionChoice(given: nil, book: nil, setting: .none)
    ) {
        self.init(path: path, text: book.text)
        if let epub = book.epub {
            // An EPUB names its title and authors in its package, not in a header of its text.
            title = book.title
            author = epub.authors.isEmpty ? nil : epub.authors.joined(separator: ", ")
        }
        reflow = Self.describeReflow(book.profile, choice: choice)
        convert = conversion.description
        let entries = book.index.entries
        chapters = entries.count
        numberedChapters = entries.count { $0.kind == .chapter && $0.number != nil }
        chapterRule = book.index.ruleName
        if let position = state?.position, !entries.isEmpty {
            progress = (position.percent * 10).rounded() / 10
            let offset = min(max(position.offset, 0), book.text.utf8.count)
            progressChapter = conversion.value.apply(to: entries[book.index.entryIndex(containing: offset)].title)
        }
        bookmarks = state?.bookmarks.count ?? 0
        reading = state?.reading ?? ReadingTime()
    }
}
