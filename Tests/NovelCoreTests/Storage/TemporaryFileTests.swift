import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Temporary files of writers killed half-way are removed by the next write in their folder (issue 38,
/// item 13: 17 were left after 300 kills); a writer's file in progress never is.
@Suite final class TemporaryFileTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory("novel-temporary-files")
    }

    deinit { home.remove() }

    /// Plants a file `name` last written `age` seconds ago.
    func plant(_ name: String, age: TimeInterval) throws -> String {
        let path = try home.write(name, "half-written")
        let time = Date().addingTimeInterval(-age)
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
        return path
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    @Test func theWriterIsReadFromTheName() {
        #expect(TemporaryFile.writer(ofName: ".settings.json.tmp-4242-123456") == 4242)
        #expect(TemporaryFile.writer(ofName: "chapters-ab12.idx.tmp-77") == 77, "the index cache's older names")
        let made = (TemporaryFile.path(for: "/x/books/ab.json") as NSString).lastPathComponent
        #expect(made.hasPrefix(".ab.json.tmp-"))
        #expect(TemporaryFile.writer(ofName: made) == getpid())
        for other in [
            "ab.json", "chapters-ab.idx", ".a.tmp-", ".a.tmp-x1", ".a.tmp-12-", ".a.tmp-1-2-3", ".a.tmp-0",
            "a.json.corrupt-2024",
        ] {
            #expect(TemporaryFile.writer(ofName: other) == nil, "\(other)")
        }
    }

    @Test func anAtomicWriteRemovesTheStaleTemporaryFilesBesideIt() throws {
        let dead = try #require(unusedProcessID())
        let killedWriter = try plant(".ab.json.tmp-\(dead)-1", age: 120)
        let olderCacheName = try plant("chapters-ab.idx.tmp-\(dead)", age: 120)
        // Its process id taken again by a live process (pid 1 always runs): stale by age alone.
        let reusedPID = try plant(".cd.json.tmp-1-2", age: 2 * 3600)
        // A writer at work: this process, or one whose id this namespace does not see, written just now.
        let inProgress = try plant(".ef.json.tmp-\(getpid())-3", age: 5)
        let otherNamespace = try plant(".gh.json.tmp-\(dead)-4", age: 5)
        let liveAndRecent = try plant(".ij.json.tmp-1-5", age: 600)
        let notTemporary = try plant("kl.json", age: 5 * 3600)

        try AtomicFile.write(Data("{}".utf8), to: home.path + "/new.json")

        #expect(!exists(killedWriter) && !exists(olderCacheName) && !exists(reusedPID))
        #expect(exists(inProgress) && exists(otherNamespace) && exists(liveAndRecent) && exists(notTemporary))
        let left = try FileManager.default.contentsOfDirectory(atPath: home.path).sorted()
        #expect(
            left == [".ef.json.tmp-\(getpid())-3", ".gh.json.tmp-\(dead)-4", ".ij.json.tmp-1-5", "kl.json", "new.json"])
    }

    @Test func aFolderInPlaceOfATemporaryFileIsLeftAlone() throws {
        let dead = try #require(unusedProcessID())
        let folder = home.path + "/.odd.tmp-\(dead)-1"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: folder)
        try AtomicFile.write(Data("{}".utf8), to: home.path + "/new.json")
        #expect(exists(folder))
    }
}
