import Foundation

/// A book's own title and author, from its front matter, shown instead of the file name (status bar,
/// `novel info`, `novel recent`). Found in a Project Gutenberg-style header: `Title:` and `Author:`
/// lines (a title may go on over indented lines), or the opening line `The Project Gutenberg eBook of
/// TITLE, by AUTHOR`. Only the start of the text is read, up to the `*** START OF` line.
public struct BookTitle: Sendable, Equatable {
    public var title: String
    public var author: String?

    public init(title: String, author: String? = nil) {
        self.title = title
        self.author = author
    }

    /// How far into the text the header is looked for.
    static let headerBytes = 16 * 1024
    /// Lines looked at in a text without a `*** START OF` line.
    static let headerLines = 40
    /// A title or an author longer than this (in characters) is not one.
    static let maximumLength = 200

    /// The title and author the text's header names, if it names them.
    public static func of(_ text: BookText) -> BookTitle? {
        text.utf8.withUnsafeBufferPointer { find($0) }
    }

    static func find(_ bytes: UnsafeBufferPointer<UInt8>) -> BookTitle? {
        let head = String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(headerBytes)), as: UTF8.self)
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if bytes.count > headerBytes, !lines.isEmpty { lines.removeLast() }  // cut inside a line
        // The header is what comes before the START line; a text without one has only its first lines.
        if !lines.contains(where: { $0.hasPrefix("*** START OF") || $0.hasPrefix("***START OF") }) {
            lines = Array(lines.prefix(headerLines))
        }
        var title: String?
        var author: String?
        var opening: BookTitle?
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespacesAndNewlines)
            if line.hasPrefix("*** START OF") || line.hasPrefix("***START OF") { break }
            if title == nil, let value = field("Title:", line) {
                var value = value
                // A long title goes on over indented lines.
                while index + 1 < lines.count, lines[index + 1].hasPrefix(" "),
                    !lines[index + 1].trimmingCharacters(in: .whitespaces).isEmpty
                {
                    index += 1
                    value += " " + lines[index].trimmingCharacters(in: .whitespaces)
                }
                title = value
            } else if author == nil, let value = field("Author:", line) {
                author = value
            } else if opening == nil, index < 5 {
                opening = openingLine(line)
            }
            index += 1
        }
        if let title, valid(title) { return BookTitle(title: title, author: author.flatMap { valid($0) ? $0 : nil }) }
        return opening
    }

    /// `Title: The Weather Vane` → `The Weather Vane`.
    private static func field(_ name: String, _ line: String) -> String? {
        guard line.hasPrefix(name) else { return nil }
        let value = line.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// `The Project Gutenberg eBook of Pride and Prejudice, by Jane Austen` (any capitals of eBook).
    private static func openingLine(_ line: String) -> BookTitle? {
        var rest = line
        if rest.hasPrefix("\u{FEFF}") { rest.removeFirst() }
        let prefixes = ["The Project Gutenberg eBook of ", "The Project Gutenberg EBook of ", "Project Gutenberg's "]
        guard let prefix = prefixes.first(where: { rest.lowercased().hasPrefix($0.lowercased()) }) else { return nil }
        rest = String(rest.dropFirst(prefix.count))
        var author: String?
        if let by = rest.range(of: ", by ", options: .backwards) {
            author = String(rest[by.upperBound...]).trimmingCharacters(in: .whitespaces)
            rest = String(rest[..<by.lowerBound])
        }
        let title = rest.trimmingCharacters(in: .whitespaces)
        return valid(title) ? BookTitle(title: title, author: author.flatMap { valid($0) ? $0 : nil }) : nil
    }

    private static func valid(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= maximumLength
    }
}
