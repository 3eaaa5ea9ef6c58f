import Foundation
import NovelTestSupport

@testable import NovelCore

/// Books and checks shared by the layout tests.
enum LayoutFixture {
    /// A book made from `text`: split into chapters by the built-in rules, or one whole-text entry.
    static func book(_ text: String, split: Bool = false, title: String = "test") -> Book {
        let bookText = BookText(utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        let index =
            split
            ? ChapterSplitter().split(bookText)
            : ChapterIndex(
                entries: [
                    TOCEntry(
                        level: .chapter, title: title, number: nil, range: 0..<bookText.utf8.count, bodyStart: 0,
                        volumeIndex: nil, kind: .section)
                ], ruleName: "none")
        return Book(
            path: title + ".txt", title: title, text: bookText, fingerprint: BookFingerprint.of(bookText.utf8),
            index: index)
    }

    /// A book with one entry whose first line is its heading.
    static func chapter(heading: String, body: String) -> Book {
        let text = heading + "\n" + body
        let bookText = BookText(utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        let entry = TOCEntry(
            level: .chapter, title: heading, number: 1, range: 0..<bookText.utf8.count,
            bodyStart: heading.utf8.count + 1, volumeIndex: nil)
        return Book(
            path: "test.txt", title: "test", text: bookText, fingerprint: "test",
            index: ChapterIndex(entries: [entry], ruleName: "test"))
    }

    /// Layout settings with everything that pads text turned off unless asked for.
    static func settings(
        width: Int = 80, fontScale: Double = 1, indent: Int = 0, paragraphSpacing: Int = 0, lineSpacing: Int = 0,
        letterSpacing: Int = 0, ambiguous: AmbiguousWidth = .narrow
    ) -> LayoutSettings {
        var settings = LayoutSettings()
        settings.width = width
        settings.margin = 0
        settings.fontScale = fontScale
        settings.indent = indent
        settings.paragraphSpacing = paragraphSpacing
        settings.lineSpacing = lineSpacing
        settings.letterSpacing = letterSpacing
        settings.ambiguousWidth = ambiguous
        return settings
    }

    /// The lines of the one-entry `book` laid out `width` cells wide, as the text of each line (gaps as
    /// spaces, as `novel print` writes them).
    static func lines(_ text: String, width: Int, settings: LayoutSettings? = nil) -> [String] {
        let book = book(text)
        var settings = settings ?? Self.settings(width: width)
        settings.width = width
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 1000)).layout(book, entry: 0)
        return layout.lines.map { render($0, book.text, settings.ambiguousWidth) }
    }

    /// A line's clusters at their columns, gaps as spaces.
    static func render(_ line: LayoutLine, _ text: BookText, _ ambiguous: AmbiguousWidth = .narrow) -> String {
        var result = ""
        var cursor = 0
        let width = DisplayWidth(ambiguous: ambiguous)
        for cluster in line.clusters {
            result += String(repeating: " ", count: max(0, cluster.column - cursor))
            let piece = String(decoding: text.utf8[cluster.bytes], as: UTF8.self)
            result += piece
            cursor = max(cursor, cluster.column) + width.width(of: piece)
        }
        return result
    }

    /// The text of a cluster.
    static func string(_ cluster: PlacedCluster, _ text: BookText) -> String {
        String(decoding: text.utf8[cluster.bytes], as: UTF8.self)
    }
}

/// The rules of the issue, written independently of the layouter's tables: characters that may not start
/// a line, may not end one, and pairs that may not be split.
enum Kinsoku {
    static let mayNotStart: Set<Unicode.Scalar> = Set(
        "，。、；：？！）》」』】〕〗〙〛”’…‥·・,.;:?!)]}%％〉｝］｠｣､｡﹐﹑﹒﹔﹕﹖﹗".unicodeScalars)
    static let mayNotEnd: Set<Unicode.Scalar> = Set("（《「『【〔〖〘〚“‘([{〈｛［｟｢".unicodeScalars)
    static let inseparable: Set<Unicode.Scalar> = Set("—…‥".unicodeScalars)
    static let spaces: Set<Unicode.Scalar> = Set(" \t\u{3000}\u{200B}".unicodeScalars)

    static func first(_ cluster: String) -> Unicode.Scalar { cluster.unicodeScalars.first! }

    /// Whether a break between clusters `before` and `after` keeps the rules; `adjacent` is false when
    /// spaces stand between them (`— —` may be split, `（ 灯` may not).
    static func allows(_ before: String, _ after: String, adjacent: Bool = true) -> Bool {
        let before = first(before)
        let after = first(after)
        if mayNotStart.contains(after) || mayNotEnd.contains(before) || spaces.contains(after) { return false }
        if adjacent && inseparable.contains(before) && inseparable.contains(after) { return false }
        return true
    }
}
