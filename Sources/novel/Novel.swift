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

            Run alone, novel reopens the book you read last, where you left it.

            Examples:
              novel read books/the-lamplighter.txt
              novel
              novel toc books/the-lamplighter.txt --json
              novel --generate-completion-script bash > ~/.local/share/bash-completion/completions/novel
            """,
        version: VersionLine.text,
        subcommands: [
            ReadCommand.self, TocCommand.self, BookmarksCommand.self, SettingsCommand.self,
            InfoCommand.self, PrintCommand.self, LineCommand.self, SearchCommand.self, RecentCommand.self,
            LibraryCommand.self,
            WidthsCommand.self,
            RulesCommand.self, StatsCommand.self, SyncCommand.self, SpeakCommand.self,
        ]
    )

    /// `novel` alone: reopen the most recently read book whose file is still there, else a short help.
    func run() throws {
        let states = BookStateStore(paths: NovelPaths.fromEnvironment()).recent()
        guard let last = states.first(where: { RawPath.status($0.lastPath) != nil }) else {
            StandardOutput.write(Self.firstRunHelp)
            return
        }
        let read = try ReadCommand.parse([last.lastPath])
        try read.run()
    }

    static var firstRunHelp: String {
        """
        novel: a terminal reader for long novels in plain text.

        No book read yet. Try the bundled sample:
          \(SampleBook.suggestion)

        Afterwards, `novel` alone reopens the last book where you left it.
        See `novel --help` for every command.

        """
    }

    /// Maps errors to exit codes: 2 for bad input, 1 for run-time failures, argument-parser's own for flags.
    static func main() {
        StandardOutput.ignoreBrokenPipeSignal()
        ChineseConverter.keepTables(in: NovelPaths.fromEnvironment().cacheDirectory)
        StandardError.warn(NovelPaths.forThisProcess.untrusted.map(\.description))
        do {
            // Arguments from their bytes: a file name that is not UTF-8 must reach open(2) unchanged.
            let arguments = RawPath.arguments.dropFirst()
            if let line = LineCommand.plainLine(arguments) {
                try line.run()
                return
            }
            if let read = ReadRequest.plain(arguments) {
                try read.run()
                return
            }
            var command = try parseAsRoot(Array(arguments))
            try command.run()
        } catch let error as NovelError {
            // An error without words (`novel search` found nothing) is only its exit code.
            if !error.description.isEmpty { StandardError.write(error.description) }
            Foundation.exit(error.isBadInput ? 2 : 1)
        } catch {
            // argument-parser's messages repeat what was typed (a name with ESC in it): escaped like ours.
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }  // help and version, on stdout
            StandardError.write(fullMessage(for: error), prefixed: false)
            Foundation.exit(code.rawValue)
        }
    }
}
