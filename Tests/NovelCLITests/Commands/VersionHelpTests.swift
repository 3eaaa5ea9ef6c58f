import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// The built binary answers `--help` and `--version` as a user sees them.
@Suite struct VersionHelpTests {
    @Test func versionPrintsTheVersionAndExitsZero() throws {
        let result = try NovelBinary.run(["--version"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // scripts/build-novel records the commit and the day; a plain `swift build` records neither and says so.
        let version = NovelVersion.string.replacingOccurrences(of: ".", with: "\\.")
        let recorded = try Regex(
            "^novel \(version) \\((commit [0-9a-f]{7,40}(-dirty)?, built [0-9]{4}-[0-9]{2}-[0-9]{2}|development build)\\)$"
        )
        #expect(line.wholeMatch(of: recorded) != nil, "--version printed \(line)")
    }

    /// The man page names the version `--version` prints (scripts/man-page writes it), so the page installed
    /// beside a binary describes that binary.
    @Test func manPageNamesTheVersion() throws {
        let page = try String(contentsOfFile: Corpus.repositoryPath("docs/novel.1"), encoding: .utf8)
        #expect(page.contains("\n.Os novel \(NovelVersion.string)\n"))
    }

    @Test func helpListsEverySubcommand() throws {
        let result = try NovelBinary.run(["--help"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("USAGE: novel"))
        for subcommand in ["read", "toc", "bookmarks", "settings", "info", "print", "recent"] {
            #expect(result.stdout.contains("\n  \(subcommand) "), "help does not list \(subcommand)")
        }
    }

    @Test func readHelpNamesItsOptions() throws {
        let result = try NovelBinary.run(["help", "read"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        for option in ["--chapter", "--bookmark", "--percent", "--mode", "--encoding", "--chapter-pattern"] {
            #expect(result.stdout.contains(option), "read help does not mention \(option)")
        }
    }

    /// A command's overview is prose wrapped by the parser: no run of spaces inside a sentence (a multi-line
    /// string's indentation left in the text shows as one).
    @Test(arguments: ["read", "toc", "bookmarks", "settings", "info", "print", "recent", "library", "rules", "line"])
    func helpOverviewsHaveNoStraySpaces(subcommand: String) throws {
        let result = try NovelBinary.run(["help", subcommand])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let overview = result.stdout.components(separatedBy: "\nExamples:").first ?? ""
        let prose = overview.components(separatedBy: "\nUSAGE:").first ?? ""
        for line in prose.split(separator: "\n") {
            #expect(line.range(of: #"\S {2,}\S"#, options: .regularExpression) == nil, "\(subcommand): \(line)")
        }
    }

    @Test func unknownSubcommandFailsWithUsage() throws {
        let result = try NovelBinary.run(["no-such-command"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Usage") || result.stderr.contains("USAGE") || result.stderr.contains("Error"))
    }
}
