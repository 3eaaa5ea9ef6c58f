import ArgumentParser
import NovelCore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a book's size, encoding, text statistics, chapters and reading progress.",
        discussion: """
            Reports the file's size, the encoding and how it was chosen (BOM, valid UTF-8, detected with a \
            confidence, or forced), characters, lines and invalid byte sequences (shown as U+FFFD); then the \
            table of contents' size, the chapter rule that split the book, how far you have read and how \
            many bookmarks the book has. A pattern or encoding remembered for the book applies; nothing \
            given here is remembered.

            Examples:
              novel info books/青灯记.txt
              novel info old-gbk-novel.txt --encoding gbk
              novel info books/the-lamplighter.txt --json | jq .progress
            """)

    @Argument(help: "The book file.") var book: String
    @Option(help: "Decode with this encoding (gb18030, big5, utf-16le, …) instead of detecting it.")
    var encoding: String?
    @Option(help: "An ICU regular expression that matches heading lines, instead of the built-in rules.")
    var chapterPattern: String?
    @Flag(
        help: """
            Print JSON (keys: path, bytes, encoding, encodingSource, characters, lines, invalidSequences, \
            chapters, numberedChapters, chapterRule, progress, progressChapter, bookmarks).
            """)
    var json = false

    func run() throws {
        let options = BookInfo.Options(
            path: book, encoding: encoding, json: json, paths: NovelPaths.fromEnvironment(),
            chapterPattern: chapterPattern)
        StandardOutput.writeLine(try BookInfo.gather(options).render(options))
    }
}
