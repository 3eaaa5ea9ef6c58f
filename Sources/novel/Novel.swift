import ArgumentParser
import Foundation
import NovelCore

@main
struct Novel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "novel",
        abstract: "A terminal reader for long novels in plain text.",
        discussion: """
            Opens Chinese and English novels kept as .txt files in UTF-8, GB18030/GBK, Big5 or UTF-16, \
            with an exact table of contents, bookmarks and CJK-correct layout.
            """,
        version: NovelVersion.string,
        subcommands: [
            ReadCommand.self, TocCommand.self, BookmarksCommand.self, SettingsCommand.self,
            InfoCommand.self, PrintCommand.self, RecentCommand.self, WidthsCommand.self,
        ]
    )

    /// Maps errors to exit codes: 2 for bad input, 1 for run-time failures, argument-parser's own for flags.
    static func main() {
        StandardOutput.ignoreBrokenPipeSignal()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as NovelError {
            FileHandle.standardError.write(Data("novel: \(error.description)\n".utf8))
            Foundation.exit(error.isBadInput ? 2 : 1)
        } catch {
            exit(withError: error)
        }
    }
}
