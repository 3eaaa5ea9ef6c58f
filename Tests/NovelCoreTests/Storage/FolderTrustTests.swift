import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// State and cache folders are used only when they are the user's own and nobody else can write to them
/// (issue 38, item 9): a folder others can write to lets them plant conversion tables, chapter indexes or
/// FIFOs that novel would trust.
@Suite final class FolderTrustTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory("novel-folder-trust")
    }

    deinit { home.remove() }

    func folder(_ name: String, mode: mode_t) throws -> String {
        let path = home.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(chmod(path, mode) == 0)
        return path
    }

    func owner(_ path: String) -> uid_t {
        RawPath.status(path)?.st_uid ?? 0
    }

    @Test func aPrivateFolderOfTheUserIsTrustedAndAMissingOneToo() throws {
        let path = try folder("mine", mode: 0o700)
        #expect(FolderTrust.problem(path, user: geteuid()) == nil)
        #expect(FolderTrust.problem(try folder("readable", mode: 0o755), user: geteuid()) == nil)
        #expect(FolderTrust.problem(home.path + "/not-yet", user: geteuid()) == nil)
    }

    @Test(arguments: [
        (0o777 as mode_t, "is writable by everyone"), (0o1777, "is writable by everyone"),
        (0o775, "is writable by its group"), (0o730, "is writable by its group"),
    ])
    func aFolderOthersCanWriteToIsRefused(mode: mode_t, reason: String) throws {
        let path = try folder("open-\(String(mode, radix: 8))", mode: mode)
        #expect(FolderTrust.problem(path, user: geteuid()) == reason)
    }

    /// Judged by the folder a link leads to: that is where files are read and written.
    @Test func aLinkIsJudgedByItsFolder() throws {
        let target = try folder("shared", mode: 0o777)
        let link = home.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(FolderTrust.problem(link, user: geteuid()) == "is writable by everyone")
    }

    @Test func aFileOrAFIFOInPlaceOfTheFolderIsRefused() throws {
        let file = try home.write("plain", "x")
        #expect(FolderTrust.problem(file, user: geteuid()) == "is a file, not a folder")
        let fifo = home.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(FolderTrust.problem(fifo, user: geteuid()) == "is a FIFO (named pipe), not a folder")
    }

    /// Another user's folder, with the user to judge for given: as root the folder is given to nobody
    /// (65534) first, since root's own folders are trusted by everyone.
    @Test func aFolderOfAnotherUserIsRefusedForAnyoneButItsOwner() throws {
        let path = try folder("theirs", mode: 0o700)
        if geteuid() == 0 { #expect(chown(path, 65534, 65534) == 0) }
        let owner = owner(path)
        #expect(owner != 0)
        #expect(FolderTrust.problem(path, user: owner + 1) == "is owned by another user (uid \(owner))")
        #expect(FolderTrust.problem(path, user: owner) == nil)
    }

    @Test func rootsFoldersAreTrustedAsSshTrustsThem() throws {
        let path = try folder("roots", mode: 0o755)
        guard geteuid() == 0 else {
            print("FolderTrustTests: not root, so no folder owned by root to test with; skipped")
            return
        }
        #expect(FolderTrust.problem(path, user: 1000) == nil)
    }

    /// The paths a process uses: a refused folder is replaced, the others kept, each named once.
    @Test func onlyTheRefusedFoldersAreReplaced() throws {
        let paths = home.novelPaths
        try FileManager.default.createDirectory(
            atPath: paths.stateDirectory + "/books", withIntermediateDirectories: true)
        #expect(chmod(paths.stateDirectory, 0o700) == 0)
        #expect(chmod(paths.stateDirectory + "/books", 0o770) == 0)
        _ = try folder("cache", mode: 0o700)
        var asked: [UntrustedFolder.Role] = []
        let (checked, untrusted) = paths.trusted(user: geteuid()) { role in
            asked.append(role)
            return "/elsewhere/" + role.rawValue
        }
        #expect(asked == [.state])
        #expect(
            untrusted == [
                UntrustedFolder(role: .state, path: paths.stateDirectory + "/books", reason: "is writable by its group")
            ])
        #expect(checked.stateDirectory == "/elsewhere/state")
        #expect(checked.cacheDirectory == paths.cacheDirectory)
        #expect(checked.configDirectory == paths.configDirectory)

        #expect(chmod(paths.cacheDirectory, 0o777) == 0)
        let both = paths.trusted(user: geteuid()) { "/elsewhere/" + $0.rawValue }
        #expect(both.untrusted.map(\.role) == [.state, .cache])
        #expect(both.paths.cacheDirectory == "/elsewhere/cache")
        let warning = try #require(both.untrusted.last).description
        #expect(warning.contains(paths.cacheDirectory) && warning.contains("is writable by everyone"))
    }

    /// As root, a real folder of another user (nobody, 65534) in the place of the cache.
    @Test func aCacheFolderGivenToAnotherUserIsReplaced() throws {
        guard geteuid() == 0 else {
            print(
                "FolderTrustTests: not root, so no folder can be given to another user; skipped (the injected uid test covers the rule)"
            )
            return
        }
        let paths = home.novelPaths
        _ = try folder("cache", mode: 0o700)
        #expect(chown(paths.cacheDirectory, 65534, 65534) == 0)
        let (checked, untrusted) = paths.trusted(user: geteuid()) { "/elsewhere/" + $0.rawValue }
        #expect(
            untrusted == [
                UntrustedFolder(
                    role: .cache, path: paths.cacheDirectory, reason: "is owned by another user (uid 65534)")
            ])
        #expect(checked.cacheDirectory == "/elsewhere/cache")
    }

    /// What stands in for a refused folder: new, the user's, private.
    @Test func theRunFolderIsPrivate() throws {
        let path = RunFolder.path(.cache)
        #expect(path.hasSuffix("/cache"))
        let run = (path as NSString).deletingLastPathComponent
        let status = try #require(RawPath.status(run))
        #expect(status.st_uid == geteuid())
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(FolderTrust.problem(run, user: geteuid()) == nil)
        #expect(RunFolder.path(.state) == run + "/state", "one run folder per process")
    }
}
