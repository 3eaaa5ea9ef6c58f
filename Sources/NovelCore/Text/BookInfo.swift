import Foundation

/// What `novel info` reports about a book: the text engine's facts, and — when the book was opened with
/// its reading state — its chapters and the reader's progress and bookmarks.
public struct BookInfo: Codable, Sendable, Equatable {
    /// What `novel info` was asked for: built once from the command line.
    public struct Options: Sendable, Equatable {
        public var path: String
        /// Overrides detection (any ICU converter name or alias).
        public var encoding: String?
        public var json: Bool
        /// Where the book's state lives; nil reports the text alone (no chapters, progress or bookmarks).
        public var paths: NovelPaths?
        /// A chapter heading pattern instead of the built-in rules (or the book's remembered one).
        public var chapterPattern: String?

        public init(
            path: String, encoding: String? = nil, json: Bool = false, paths: NovelPaths? = nil,
            chapterPattern: String? = nil
        ) {
            self.path = path
            self.encoding = encoding
            self.json = json
            self.paths = paths
            self.chapterPattern = chapterPattern
        }
    }

    public var path: String
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

    public init(path: String, text: BookText) {
        self.path = path
        bytes = text.sourceByteCount
        encoding = text.encoding
        encodingSource = text.encodingSource.description
        characters = text.characters
        lines = text.lines
        invalidSequences = text.invalidSequences
        reflow = Self.describeReflow(TextProfile.of(text), setting: .auto)
    }

    /// "on (auto: hard-wrapped at 104 columns: …)", "off (setting)", …
    static func describeReflow(_ profile: TextProfile, setting: DisplayOptions.Reflow) -> String {
        let joined = DisplayOptions(reflow: setting).reflows(profile)
        let how = setting == .auto ? "auto" : "setting reflow = \(setting.rawValue)"
        return "\(joined ? "on" : "off") (\(how); \(profile.script == .cjk ? "CJK" : "Latin") text, \(profile.reason))"
    }

    /// Adds the chapters of `book` and the progress and bookmarks of its `state`.
    public init(path: String, book: Book, state: BookState?, reflowSetting: DisplayOptions.Reflow = .auto) {
        self.init(path: path, text: book.text)
        reflow = Self.describeReflow(book.profile, setting: reflowSetting)
        let entries = book.index.entries
        chapters = entries.count
        numberedChapters = entries.count { $0.kind == .chapter && $0.number != nil }
        chapterRule = book.index.ruleName
        if let position = state?.position, !entries.isEmpty {
            progress = (position.percent * 10).rounded() / 10
            let offset = min(max(position.offset, 0), book.text.utf8.count)
            progressChapter = entries[book.index.entryIndex(containing: offset)].title
        }
        bookmarks = state?.bookmarks.count ?? 0
    }

    /// Loads the book and describes it: through its reading session when `options.paths` is given, so
    /// the book's remembered encoding and chapter pattern apply and nothing new is remembered.
    public static func gather(_ options: Options) throws -> BookInfo {
        guard let paths = options.paths else {
            return BookInfo(path: options.path, text: try BookLoader.load(path: options.path, encoding: options.encoding))
        }
        let session = try ReadingSession.open(
            path: options.path, encoding: options.encoding, chapterPattern: options.chapterPattern, paths: paths)
        let settings = SettingsStore(paths: paths).load().settings
        return BookInfo(path: options.path, book: session.book, state: session.state, reflowSetting: settings.reflow)
    }

    /// The report in the form the options ask for.
    public func render(_ options: Options) -> String {
        options.json ? json() : text()
    }

    /// `label: value` lines for a person, in a fixed order.
    public var rows: [(label: String, value: String)] {
        [
            ("path", path), ("bytes", String(bytes)), ("encoding", encoding),
            ("encoding source", encodingSource), ("characters", String(characters)), ("lines", String(lines)),
            ("invalid sequences", String(invalidSequences)), ("reflow", reflow),
        ] + readingRows
    }

    private var readingRows: [(label: String, value: String)] {
        guard let chapters, let numberedChapters, let chapterRule else { return [] }
        let progressText = progress.map { percent in
            String(format: "%.1f%%", percent) + (progressChapter.map { " (\($0))" } ?? "")
        }
        return [
            ("chapters", "\(chapters) (\(numberedChapters) numbered)"), ("chapter rule", chapterRule),
            ("progress", progressText ?? "not started"), ("bookmarks", String(bookmarks ?? 0)),
        ]
    }

    private enum CodingKeys: String, CodingKey {
        case path, bytes, encoding, encodingSource, characters, lines, invalidSequences, reflow
        case chapters, numberedChapters, chapterRule, progress, progressChapter, bookmarks
    }

    /// The reading keys are all written, `progress` and `progressChapter` as null for an unread book,
    /// when the book was opened with its state; none of them when only the text was read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(encoding, forKey: .encoding)
        try container.encode(encodingSource, forKey: .encodingSource)
        try container.encode(characters, forKey: .characters)
        try container.encode(lines, forKey: .lines)
        try container.encode(invalidSequences, forKey: .invalidSequences)
        try container.encode(reflow, forKey: .reflow)
        guard let chapters else { return }
        try container.encode(chapters, forKey: .chapters)
        try container.encode(numberedChapters, forKey: .numberedChapters)
        try container.encode(chapterRule, forKey: .chapterRule)
        try container.encode(progress, forKey: .progress)
        try container.encode(progressChapter, forKey: .progressChapter)
        try container.encode(bookmarks ?? 0, forKey: .bookmarks)
    }

    /// The rows as aligned text, one per line.
    public func text(extraRows: [(label: String, value: String)] = []) -> String {
        let all = rows + extraRows
        let width = all.map(\.label.count).max() ?? 0
        return all.map { row in
            row.label + ":" + String(repeating: " ", count: width - row.label.count + 1) + row.value
        }.joined(separator: "\n")
    }

    /// Pretty-printed JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and integers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
