import NovelCore
import NovelTestSupport
import Testing

/// The built binary answers `--help` and `--version` as a user sees them.
@Suite struct VersionHelpTests {
    @Test func versionPrintsTheVersionAndExitsZero() throws {
        let result = try NovelBinary.run(["--version"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == NovelVersion.string)
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

    @Test func unknownSubcommandFailsWithUsage() throws {
        let result = try NovelBinary.run(["no-such-command"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Usage") || result.stderr.contains("USAGE") || result.stderr.contains("Error"))
    }
}
