import ArgumentParser
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
            InfoCommand.self, PrintCommand.self, RecentCommand.self,
        ]
    )
}
