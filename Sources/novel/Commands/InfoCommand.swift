import ArgumentParser
import NovelCore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show a book's size, encoding and text statistics.")

    @Argument(help: "The book file.") var book: String
    @Option(help: "Decode with this encoding instead of detecting it.") var encoding: String?

    func run() throws {
        let text = try BookLoader.load(path: book, encoding: encoding)
        print("path: \(book)")
        print("encoding: \(text.encoding)")
        print("invalid sequences: \(text.invalidSequences)")
    }
}
