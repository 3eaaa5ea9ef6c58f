import Foundation

/// A book's own title (and author, when named), from its front matter, shown instead of the file name
/// (status bar, `novel info`, `novel recent`, `novel library`). The one home of title detection:
/// - a Project Gutenberg-style header: `Title:` and `Author:` lines (a title may go on over indented
///   lines), or the opening line `The Project Gutenberg eBook of TITLE, by AUTHOR`; only what comes
///   before the `*** START OF` line;
/// - `书名：…`, or `《水浒传》施耐庵` → 水浒传, within the first non-blank lines;
/// - a short first line that is not a chapter heading or an author line, taken as it stands.
public struct BookTitle: Sendable, Equatable {
    public var title: String
    public var author: String?

    public init(title: String, author: String? = nil) {
        self.title = title
        self.author = author
    }

    /// How many bytes of the text's start are looked at.
    static let frontMatterBytes = 16 * 1024
    /// How many non-blank lines at the start may hold a Chinese title line.
    static let frontMatterLines = 8
    /// A first line longer than this (in characters) is text, not a title.
    static let longestBareTitle = 24

    /// The title and author the text's front matter names, if it names them. Only whole lines of the
    /// first `frontMatterBytes` are decoded, and only as many as are looked at: this runs before a
    /// book's first screen.
    public static func of(_ text: BookText) -> BookTitle? {
        text.utf8.withUnsafeBufferPointer { of($0) }
    }

    /// The title and author the front matter of the text `bytes` names, if it names them.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> BookTitle? {
        let head = FrontMatter(bytes)
        if head.mayHoldHeader, let header = fromHeader(head.lines(upTo: Int.max)) { return header }
        return fromFrontMatter(head.lines(upTo: frontMatterLines, skippingBlank: true)).map { BookTitle(title: $0) }
    }

    /// The title of `text`, or the file name of `path` when its front matter names none.
    public static func of(_ text: BookText, path: String) -> String {
        of(text)?.title ?? ofFileName(path)
    }

    /// The file name of `path` without its folder and extension: the title of a book that names none.
    public static func ofFileName(_ path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The file name without its folder.
    public static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The title the first lines name, or nil.
    static func fromFrontMatter(_ lines: [String]) -> String? {
        let front = lines.map(\.trimmingSpaces).filter { !$0.isEmpty }.prefix(frontMatterLines)
        for line in front {
            for label in ["书名：", "书名:", "書名：", "書名:"] where line.hasPrefix(label) {
                if let title = cleaned(String(line.dropFirst(label.count))) { return title }
            }
        }
        for line in front where line.hasPrefix("《") {
            guard let close = line.firstIndex(of: "》") else { continue }
            if let title = cleaned(String(line[line.index(after: line.startIndex)..<close])) { return title }
        }
        guard let first = front.first, first.count <= longestBareTitle, !isHeadingOrByline(first) else { return nil }
        return cleaned(first)
    }

    /// A chapter heading (`第一章 …`, `CHAPTER I.`) or an author line (`作者：…`, `By …`) is not a title.
    static func isHeadingOrByline(_ line: String) -> Bool {
        if ["作者", "作　者", "著者", "By ", "by "].contains(where: { line.hasPrefix($0) }) { return true }
        if EnglishHeading.match(Array(line.unicodeScalars)) != nil { return true }
        guard line.hasPrefix("第") else { return false }
        return line.prefix(12).contains { "章回卷节節部集篇".contains($0) }
    }

    /// Spaces and enclosing 《》 removed; nil when nothing is left.
    static func cleaned(_ title: String) -> String? {
        var title = title.trimmingSpaces
        if title.hasPrefix("《"), title.hasSuffix("》"), title.count > 2 { title = String(title.dropFirst().dropLast()) }
        title = title.trimmingSpaces
        return title.isEmpty ? nil : title
    }

    /// Lines looked at in a text without a `*** START OF` line.
    static let headerLines = 40
    /// A title or an author longer than this (in characters) is not one.
    static let maximumLength = 200

    /// The title and author a Project Gutenberg-style header names, from the text's first lines.
    static func fromHeader(_ lines: [String]) -> BookTitle? {
        var lines = lines
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

/// The start of a book's text, where its title is named: whole lines only (the last one may be cut at
/// `BookTitle.frontMatterBytes`), decoded one at a time.
private struct FrontMatter {
    let head: UnsafeBufferPointer<UInt8>
    /// Whether the last line of `head` may go on past it.
    let lastLineIsCut: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        head = UnsafeBufferPointer(rebasing: bytes.prefix(BookTitle.frontMatterBytes))
        lastLineIsCut = bytes.count > BookTitle.frontMatterBytes
    }

    /// Whether a Project Gutenberg-style header can be there at all: a `Title:` field or the words
    /// "Project Gutenberg" (in any capitals) in an opening line. Most books have neither, and are spared
    /// decoding their first lines twice.
    var mayHoldHeader: Bool {
        ByteSearch.contains(head, Array("Title:".utf8))
            || ByteSearch.contains(head, Array("project gutenberg".utf8), anyCase: true)
    }

    /// The first `count` lines (non-blank ones, with their spaces trimmed, when `skippingBlank`).
    func lines(upTo count: Int, skippingBlank: Bool = false) -> [String] {
        var lines: [String] = []
        var start = 0
        while lines.count < count, start < head.count {
            let newline = head[start...].firstIndex(of: 0x0A)
            if newline == nil, lastLineIsCut { break }
            let end = newline ?? head.count
            let line = String(decoding: UnsafeBufferPointer(rebasing: head[start..<end]), as: UTF8.self)
            if !skippingBlank {
                lines.append(line)
            } else if case let trimmed = line.trimmingSpaces, !trimmed.isEmpty {
                lines.append(trimmed)
            }
            start = end + 1
        }
        return lines
    }
}
