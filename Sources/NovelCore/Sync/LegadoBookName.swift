import Foundation

/// The name and author legado gives a book it imports from a file, from the file's name alone (its
/// `analyzeNameAuthor`): `《书名》作者：某人.txt` and `书名 作者：某人.txt` and `Title by Someone.txt` name
/// both; any other name is the book's name, with the author only where a `作者` or `著` in it says so (most
/// often none). legado names its progress file after these two (`LegadoProgress.path`), so novel must
/// name the book as legado does to find it.
public enum LegadoBookName {
    /// Java's `\s`: ASCII blanks only (legado's patterns are Java's).
    private static let blank = "[ \\t\\n\\x0B\\f\\r]"
    private static let notBlank = "[^ \\t\\n\\x0B\\f\\r]"

    /// legado's patterns, tried in order; group 2 is the name, groups 1 and 3 together the author.
    private static let nameAuthorPatterns = [
        "(.*?)《([^《》]+)》.*?作者：(.*)",
        "(.*?)《([^《》]+)》(.*)",
        "(^)(.+) 作者：(.+)$",
        "(^)(.+) by (.+)$",
    ].compactMap(regex)

    /// What is cut from a name (`书名 作者：某人`, `书名 某人 著`) and from an author (`作者：`, ` 著`).
    private static let nameTail = regex("\(blank)+作\(blank)*者.*|\(blank)+\(notBlank)+\(blank)+著")
    private static let authorMarks = regex("^\(blank)*作\(blank)*者[:：\(blank)]+|\(blank)+著")

    /// The patterns are constants, so nil here is a mistake in this file (which the tests would show).
    private static func regex(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern)
    }

    /// The name and author legado gives the file `fileName` (a name, not a path).
    public static func of(fileName: String) -> (name: String, author: String) {
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let whole = NSRange(stem.startIndex..., in: stem)
        for pattern in nameAuthorPatterns {
            guard let match = pattern.firstMatch(in: stem, range: whole) else { continue }
            func group(_ number: Int) -> String {
                Range(match.range(at: number), in: stem).map { String(stem[$0]) } ?? ""
            }
            return (group(2), formatAuthor(group(1) + group(3)))
        }
        let name = trimmed(replacing(nameTail, in: stem))
        let rest = name.isEmpty ? stem : stem.replacingOccurrences(of: name, with: "")
        let author = formatAuthor(rest)
        return (name, author.utf16.count == stem.utf16.count ? "" : author)
    }

    /// legado's `formatBookAuthor`: the marks cut, then the ends trimmed.
    static func formatAuthor(_ author: String) -> String {
        trimmed(replacing(authorMarks, in: author))
    }

    private static func replacing(_ pattern: NSRegularExpression?, in text: String) -> String {
        guard let pattern else { return text }
        return pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }

    /// Java's `trim { it <= ' ' }`: control characters and spaces off both ends.
    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
            let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        return String(scalars[first...last])
    }
}
