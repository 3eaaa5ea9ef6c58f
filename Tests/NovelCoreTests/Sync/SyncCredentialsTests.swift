import Foundation
import NovelCore
import NovelTestSupport
import Testing

struct SyncCredentialsTests {
    func withHome(_ body: (TemporaryDirectory, NovelPaths) throws -> Void) throws {
        let directory = try TemporaryDirectory("novel-credentials")
        defer { directory.remove() }
        let paths = directory.novelPaths
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        try body(directory, paths)
    }

    func writePasswordFile(_ text: String, mode: Int, _ paths: NovelPaths) throws {
        let file = SyncCredentials.passwordFile(paths)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
    }

    @Test func theEnvironmentComesFirstThenNetrcThenTheFile() throws {
        try withHome { directory, paths in
            try directory.write(".netrc", "machine dav.example.com login me password from-netrc\n")
            try writePasswordFile("from-file\n", mode: 0o600, paths)
            let home = ["HOME": directory.path]
            let environment = home.merging([SyncCredentials.environmentVariable: "from-env"]) { $1 }
            let first = try SyncCredentials.password(
                user: "me", host: "dav.example.com", environment: environment, paths: paths)
            #expect(first?.password == "from-env")
            #expect(first?.source == .environment)
            let second = try SyncCredentials.password(
                user: "me", host: "dav.example.com", environment: home, paths: paths)
            #expect(second?.password == "from-netrc")
            #expect(second?.source == .netrc(path: directory.path + "/.netrc"))
            let third = try SyncCredentials.password(
                user: "other", host: "dav.example.com", environment: home, paths: paths)
            #expect(third?.password == "from-file")
            #expect(third?.source == .file(path: SyncCredentials.passwordFile(paths)))
        }
    }

    @Test func aPasswordFileOthersMayReadIsRefusedWithTheWayToFixIt() throws {
        try withHome { _, paths in
            try writePasswordFile("secret-in-file\n", mode: 0o644, paths)
            do {
                _ = try SyncCredentials.password(user: "me", host: "h", environment: [:], paths: paths)
                Issue.record("a password file readable by others was used")
            } catch {
                guard case .misconfigured(let reason)? = error as? SyncError else {
                    Issue.record("expected misconfigured, got \(error)")
                    return
                }
                #expect(reason.contains("chmod 600"))
                #expect(reason.contains(SyncCredentials.passwordFile(paths)))
                #expect(!reason.contains("secret-in-file"))
            }
        }
    }

    @Test func noSourceIsNilAndTheRequiredPasswordSaysWhereToPutOne() throws {
        try withHome { directory, paths in
            let home = ["HOME": directory.path]
            let found = try SyncCredentials.password(user: "me", host: "h", environment: home, paths: paths)
            #expect(found == nil)
            do {
                _ = try SyncCredentials.requiredPassword(user: "me", host: "h", environment: home, paths: paths)
                Issue.record("no password was found, yet one was given")
            } catch {
                guard case .misconfigured(let reason)? = error as? SyncError else {
                    Issue.record("expected misconfigured, got \(error)")
                    return
                }
                #expect(reason.contains(SyncCredentials.environmentVariable))
                #expect(reason.contains(".netrc"))
            }
        }
    }
}
