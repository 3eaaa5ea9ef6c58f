import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The file layer under every state file: atomic replacement, owner-only permissions, the lock,
/// corrupt and newer files, unknown keys, a folder that refuses writes.
@Suite final class StateFileSafetyTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory("novel-state-file")
    }

    deinit { home.remove() }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func permissions(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    struct Crash: Error {}

    @Test func aCrashBetweenWriteAndRenameLeavesTheOldFileWhole() throws {
        let path = home.path + "/state/book.json"
        let file = JSONObjectFile(path: path, version: 1)
        try file.write(["title": "old", "bookmarks": [1, 2, 3]])
        let before = try #require(contents(path))
        var hookRan = false
        #expect(throws: Crash.self) {
            try file.write(["title": "new"]) {
                hookRan = true
                // The new contents are complete on disk, in a temporary file beside the old one.
                let temporary = self.names(in: self.home.path + "/state").filter { $0.hasPrefix(".book.json.tmp-") }
                #expect(temporary.count == 1)
                throw Crash()
            }
        }
        #expect(hookRan)
        #expect(contents(path) == before)
        #expect(file.read().object["title"] as? String == "old")
    }

    @Test func filesAreOwnerOnlyEvenWhenTheOldOneWasNot() throws {
        let path = home.path + "/config/settings.json"
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        try JSONObjectFile(path: path, version: 1).write(["width": 60])
        #expect(try permissions(path) == 0o600)
        let fresh = home.path + "/new/folder/state.json"
        try JSONObjectFile(path: fresh, version: 1).write([:])
        #expect(try permissions(fresh) == 0o600)
        #expect(try permissions(home.path + "/new/folder") == 0o700)
    }

    @Test(arguments: ["{ not json", "[1, 2, 3]", "\"a string\"", "", "{\"version\": 1, \"title\": \"cut off"])
    func aCorruptFileIsMovedAsideWithItsBytesAndDefaultsAreUsed(text: String) throws {
        let path = home.path + "/settings.json"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let contents = JSONObjectFile(path: path, version: 1).read()
        #expect(contents.object.isEmpty)
        #expect(contents.warnings.count == 1)
        #expect(contents.warnings.first?.contains(path) == true)
        #expect(!FileManager.default.fileExists(atPath: path))
        let aside = try #require(names(in: home.path).first { $0.hasPrefix("settings.json.corrupt-") })
        #expect(self.contents(home.path + "/" + aside) == text)
        #expect(contents.warnings.first?.contains(aside) == true)
    }

    @Test func twoCorruptFilesInOneSecondGetTwoNames() throws {
        let path = home.path + "/settings.json"
        for text in ["first {", "second {"] {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            _ = JSONObjectFile(path: path, version: 1).read()
        }
        let asides = names(in: home.path).filter { $0.hasPrefix("settings.json.corrupt-") }
        #expect(asides.count == 2)
        #expect(Set(asides.compactMap { contents(home.path + "/" + $0) }) == ["first {", "second {"])
    }

    @Test func aNewerFileIsReadAndRefusedForWriting() throws {
        let path = home.path + "/settings.json"
        let newer = #"{"version": 3, "width": 70, "shinyNewThing": true}"#
        try newer.write(toFile: path, atomically: false, encoding: .utf8)
        let contents = JSONObjectFile(path: path, version: 1).read()
        #expect(contents.isNewer)
        #expect(contents.object["width"] as? Int == 70)
        #expect(contents.warnings.first?.contains("newer") == true)
        let refusal = try #require(contents.refusalToWrite(path: path))
        #expect(refusal == .newerVersion(path: path, version: "3"))
        #expect(refusal.description.contains(path) && refusal.description.contains("version 3"))
        #expect(!refusal.isBadInput)
    }

    @Test func unknownKeysSurviveARewriteUntouched() throws {
        let path = home.path + "/book.json"
        let file = JSONObjectFile(path: path, version: 1)
        try #"{"version": 1, "title": "a", "plugin": {"colour": "red", "list": [1, "two", null]}}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        var object = file.read().object
        object["title"] = "b"
        try file.write(object)
        let again = file.read().object
        #expect(again["title"] as? String == "b")
        let plugin = try #require(again["plugin"] as? [String: Any])
        #expect(plugin["colour"] as? String == "red")
        #expect((plugin["list"] as? [Any])?.count == 3)
        #expect(again["version"] as? Int == 1)
    }

    @Test func aLockedReadModifyWriteNeverLosesAnIncrement() async throws {
        let path = home.path + "/counter.json"
        let file = JSONObjectFile(path: path, version: 1)
        try file.write(["count": 0])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<200 {
                        try? FileLock.withLock(path) {
                            var object = file.read().object
                            object["count"] = (object["count"] as? Int ?? 0) + 1
                            try file.write(object)
                        }
                    }
                }
            }
        }
        #expect(file.read().object["count"] as? Int == 400)
    }

    /// Makes `folder` refuse writes for the body: chmod for an ordinary user; root ignores modes, so
    /// then the immutable attribute, when the file system has it.
    func withReadOnlyFolder(_ folder: String, _ body: () throws -> Void) throws {
        if getuid() != 0 {
            chmod(folder, 0o500)
            defer { chmod(folder, 0o700) }
            try body()
            return
        }
        guard Self.chattr("+i", folder) else {
            print("note: cannot make a folder read-only as root here (no chattr +i): read-only test skipped")
            return
        }
        defer { _ = Self.chattr("-i", folder) }
        try body()
    }

    static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func aReadOnlyFolderFailsToSaveWithAClearErrorAndDamagesNothing() throws {
        let paths = home.novelPaths
        let settings = SettingsStore(paths: paths)
        try settings.set("width", to: "50")
        // The lock file must exist already: creating it is itself a write.
        let before = contents(settings.path)
        let namesBefore = names(in: paths.configDirectory)
        try withReadOnlyFolder(paths.configDirectory) {
            #expect {
                try settings.set("width", to: "60")
            } throws: { error in
                guard let error = error as? StateError, case .writeFailed(let path, _) = error else { return false }
                return path == settings.path && !error.isBadInput
            }
            // Reading goes on.
            #expect(settings.load().settings.width == 50)
        }
        #expect(contents(settings.path) == before)
        #expect(names(in: paths.configDirectory) == namesBefore)
    }

    @Test func aFileThatCannotBeReadIsNeverReplaced() throws {
        guard getuid() != 0 else {
            print("note: root reads every file: the unreadable-file test needs an ordinary user; skipped")
            return
        }
        let path = home.path + "/settings.json"
        try #"{"version": 1, "width": 70}"#.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o000)
        defer { chmod(path, 0o600) }
        let contents = JSONObjectFile(path: path, version: 1).read()
        #expect(contents.isUnreadable)
        #expect(contents.refusalToWrite(path: path) != nil)
    }

    /// Issue 38, item 3: a file kept as a symbolic link (a dotfiles repository) is written through the
    /// link, which stays a link, along a chain of links, relative or absolute.
    @Test(arguments: [true, false])
    func aSymbolicLinkIsWrittenThroughAndStaysALink(relative: Bool) throws {
        let dotfiles = home.path + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles + "/settings.json"
        try #"{"version": 1, "width": 70}"#.write(toFile: target, atomically: false, encoding: .utf8)
        let config = home.path + "/config"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        // config/settings.json → config/middle.json → dotfiles/settings.json
        let middle = config + "/middle.json"
        #expect(symlink(relative ? "../dotfiles/settings.json" : target, middle) == 0)
        let link = config + "/settings.json"
        #expect(symlink(relative ? "middle.json" : middle, link) == 0)
        try JSONObjectFile(path: link, version: 1).write(["width": 60])
        for path in [link, middle] {
            #expect(
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil, "\(path) is no longer a link"
            )
        }
        #expect(contents(target)?.contains("\"width\" : 60") == true)
        #expect(try permissions(target) == 0o600)
        #expect(names(in: config).filter { $0.contains(".tmp-") }.isEmpty)
        #expect(names(in: dotfiles) == ["settings.json"])
    }

    /// A link whose target does not exist yet (a fresh dotfiles checkout) creates the target.
    @Test func aDanglingLinkCreatesItsTarget() throws {
        let target = home.path + "/elsewhere/settings.json"
        try FileManager.default.createDirectory(atPath: home.path + "/elsewhere", withIntermediateDirectories: true)
        let link = home.path + "/settings.json"
        #expect(symlink(target, link) == 0)
        try AtomicFile.write(Data("{}\n".utf8), to: link)
        #expect(contents(target) == "{}\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
    }

    /// A loop of links is refused naming the file, and nothing is written.
    @Test func aLoopOfLinksIsRefused() throws {
        let first = home.path + "/a.json"
        let second = home.path + "/b.json"
        #expect(symlink(second, first) == 0)
        #expect(symlink(first, second) == 0)
        #expect {
            try AtomicFile.write(Data("{}".utf8), to: first)
        } throws: { error in
            guard let error = error as? StateError, case .writeFailed(let path, _) = error else { return false }
            return path == first
        }
        #expect(names(in: home.path) == ["a.json", "b.json"])
    }
}
