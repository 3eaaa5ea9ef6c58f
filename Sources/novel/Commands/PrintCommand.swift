import ArgumentParser
import NovelCore

struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a book laid out in pages, as the reader would show it.",
        discussion: """
            Clusters are placed at their columns; pages are separated by a line holding a form feed \
            (also between chapters). The text block is --width columns wide with no margin; the other \
            layout settings are the defaults. With --font-scale S each glyph takes round(S × width) \
            cells and each line round(S) rows, the extra rows printed blank.

            Examples:
              novel print book.txt --chapter 3 --width 40 --height 20
              novel print book.txt --font-scale 2 | less
              novel print book.txt --line-break loose
            """)

    @Argument(help: "The book file.") var book: String
    @Option(help: "Only this entry of the table of contents, numbered as `novel toc` prints them (from 0).")
    var chapter: Int?
    @Option(help: "Text columns.") var width = 80
    @Option(help: "Rows per page.") var height = 24
    @Option(help: "Font scale, 1.0 to 3.0 in steps of 0.5.") var fontScale = 1.0
    @Option(help: "Decode with this encoding instead of detecting it (gb18030, big5, utf-16le …).") var encoding:
        String?
    @Option(help: "An ICU regular expression that matches heading lines, instead of the built-in rules.")
    var chapterPattern: String?
    @Option(help: "How strictly lines break around CJK punctuation: strict, normal or loose (CSS line-break).")
    var lineBreak: LineBreakLevel = .strict

    func run() throws {
        let options = PrintOptions(
            path: book, chapter: chapter, width: width, height: height, fontScale: fontScale, encoding: encoding,
            chapterPattern: chapterPattern, lineBreak: lineBreak)
        try options.run(paths: NovelPaths.fromEnvironment(), write: StandardOutput.write)
    }
}

extension LineBreakLevel: ExpressibleByArgument {}
