import Foundation

/// What `novel info` reports about a book. Fields are optional where a later part of the program fills
/// them in (chapters, progress, bookmarks): nil fields are left out of both the text and the JSON.
public struct BookInfo: Codable, Sendable, Equatable {
    /// What `novel info` was asked for: built once from the command line.
    public struct Options: Sendable, Equatable {
        public var path: String
        /// Overrides detection (any ICU converter name or alias).
        public var encoding: String?
        public var json: Bool

        public init(path: String, encoding: String? = nil, json: Bool = false) {
            self.path = path
            self.encoding = encoding
            self.json = json
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

    public init(path: String, text: BookText) {
        self.path = path
        bytes = text.sourceByteCount
        encoding = text.encoding
        encodingSource = text.encodingSource.description
        characters = text.characters
        lines = text.lines
        invalidSequences = text.invalidSequences
    }

    /// Loads the book and describes it.
    public static func gather(_ options: Options) throws(BookError) -> BookInfo {
        BookInfo(path: options.path, text: try BookLoader.load(path: options.path, encoding: options.encoding))
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
            ("invalid sequences", String(invalidSequences)),
        ]
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
