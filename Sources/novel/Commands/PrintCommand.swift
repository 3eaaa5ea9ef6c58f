import ArgumentParser
import Foundation
import NovelCore

struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a book laid out in pages, as the reader would show it.",
        discussion: """
            Writes the laid-out lines of each page to standard output, each grapheme cluster at the column \
            the layouter gave it; pages are separated by a form feed line. Settings come from the flags \
            below and the built-in defaults, not from settings.json, so the output is reproducible.

            Examples:
              novel print book.txt --chapter 3 --width 40
              novel print book.txt --width 60 --height 20 --font-scale 2 | less
            """)

    @Argument(help: "The book file.") var book: String
    @Option(help: "Print only this TOC entry (the index `novel toc` shows).") var chapter: Int?
    @Option(help: "Text width in cells.") var width = 80
    @Option(help: "Rows per page.") var height = 24
    @Option(help: "Font scale, 1.0 to 3.0 in steps of 0.5.") var fontScale = 1.0
    @Option(help: "Paragraph indent in full-width spaces.") var indent: Int?
    @Option(help: "Blank rows between paragraphs.") var paragraphSpacing: Int?
    @Option(help: "Blank rows after each line.") var lineSpacing: Int?
    @Option(help: "Blank cells after each character.") var letterSpacing: Int?
    @Flag(help: "Count East Asian ambiguous characters (“ ” … —) as two cells.") var ambiguousWide = false
    @Option(help: "Decode with this encoding instead of detecting it (gb18030, big5, utf-16le …).") var encoding: String?
    @Option(help: "An ICU regular expression that matches heading lines, instead of the built-in rules.")
    var chapterPattern: String?

    func validate() throws {
        guard (1...3).contains(fontScale), (fontScale * 2).rounded() == fontScale * 2 else {
            throw ValidationError("--font-scale must be 1.0 to 3.0 in steps of 0.5, not \(fontScale)")
        }
        guard width > 0, height > 0 else { throw ValidationError("--width and --height must be positive") }
        for (name, value) in [
            ("--indent", indent), ("--paragraph-spacing", paragraphSpacing), ("--line-spacing", lineSpacing),
            ("--letter-spacing", letterSpacing),
        ] {
            if let value, value < 0 { throw ValidationError("\(name) must not be negative, not \(value)") }
        }
    }

    func run() throws {
        let opened = try BookOpener.open(
            path: book, encoding: encoding, chapterPattern: chapterPattern, paths: NovelPaths.fromEnvironment())
        let entries = opened.index.entries.indices
        if let chapter, !entries.contains(chapter) {
            throw ValidationError("--chapter \(chapter) is out of range: \(book) has entries 0 to \(entries.count - 1)")
        }
        var settings = LayoutSettings()
        settings.width = width
        settings.margin = 0
        settings.fontScale = fontScale
        settings.ambiguousWidth = ambiguousWide ? .wide : .narrow
        if let indent { settings.indent = indent }
        if let paragraphSpacing { settings.paragraphSpacing = paragraphSpacing }
        if let lineSpacing { settings.lineSpacing = lineSpacing }
        if let letterSpacing { settings.letterSpacing = letterSpacing }
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: height))
        guard layouter.geometry != nil else {
            throw ValidationError("--width \(width) and --height \(height) are too small for font scale \(fontScale)")
        }
        let printer = TextPrinter(ambiguous: settings.ambiguousWidth)
        var first = true
        for entry in chapter.map({ [$0] }) ?? Array(entries) {
            let layout = layouter.layout(opened, entry: entry)
            if layout.lines.isEmpty { continue }  // an empty volume entry shows nothing
            for page in printer.pages(layout, text: opened.text) {
                if !first { StandardOutput.write("\u{0C}\n") }
                first = false
                page.withUnsafeBytes { StandardOutput.write($0) }
            }
        }
    }
}
