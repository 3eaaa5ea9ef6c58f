import ArgumentParser
import NovelCore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show a book's size, encoding and text statistics.")

    @Argument(help: "The book file.") var book: String
    @Option(help: "Decode with this encoding (gb18030, big5, utf-16le, …) instead of detecting it.")
    var encoding: String?
    @Flag(help: "Print JSON (keys: path, bytes, encoding, encodingSource, characters, lines, invalidSequences).")
    var json = false

    func run() throws {
        let options = BookInfo.Options(path: book, encoding: encoding, json: json)
        StandardOutput.writeLine(try BookInfo.gather(options).render(options))
    }
}
