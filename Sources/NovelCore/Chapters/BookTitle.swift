/// A book's title from its front matter, when it has one, else its file name: `《水浒传》施耐庵` gives
/// 水浒传, `书名：…` gives what follows, a short first line (not a chapter heading or an author line)
/// is taken as it stands. The one home of title detection: other front-matter forms (an English
/// `Title:` header) are rules added here.
public enum BookTitle {
    /// How many non-blank lines at the start are front matter.
    static let frontMatterLines = 8
    /// How many bytes of the text's start are looked at.
    static let frontMatterBytes = 4096
    /// A first line longer than this is text, not a title.
    static let longestBareTitle = 24

    /// The title of `text`, or the file name of `path` when its front matter names none.
    public static func of(_ text: BookText, path: String) -> String {
        let start = text.utf8.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(frontMatterBytes)), as: UTF8.self)
        }
        // The last line may be cut in the middle: look at whole lines only.
        var lines = start.split(separator: "\n", omittingEmptySubsequences: true)
        if start.utf8.count >= frontMatterBytes, !lines.isEmpty { lines.removeLast() }
        return fromFrontMatter(lines.map { String($0) }) ?? BookOpener.title(of: path)
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

    /// A chapter heading (`第一章 …`) or an author line (`作者：…`) is not a title.
    static func isHeadingOrByline(_ line: String) -> Bool {
        if ["作者", "作　者", "著者", "By ", "by "].contains(where: { line.hasPrefix($0) }) { return true }
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
}
