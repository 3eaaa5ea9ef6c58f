import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// A FIFO, a device or a huge file where novel reads a book or its own files (issue 38): each once
/// blocked every command forever or read until memory ran out. Every run here has a watchdog that kills
/// the binary, so that a regression fails the test instead of hanging the suite.
@Suite final class SpecialFileTests {
    let home: TemporaryDirectory
    let book: String
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }
    /// Far longer than any of these runs needs (the longest waits five seconds for a FIFO's writer).
    static let watchdogSeconds = 30

    init() throws {
        home = try TemporaryDirectory("novel-special-files")
        book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
    }

    deinit { home.remove() }

    /// `novel arguments…` killed after `watchdogSeconds`, and how long it took.
    func novel(_ arguments: String...) throws -> (result: NovelBinary.Result, seconds: Double) {
        let started = Date()
        let result = try NovelBinary.run(
            ["-c", "exec timeout -s KILL \(Self.watchdogSeconds) \"$0\" \"$@\"", NovelBinary.path] + arguments,
            environment: ["NOVEL_HOME": home.path], shellInstead: true)
        return (result, Date().timeIntervalSince(started))
    }

    func fifo(_ path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o600) == 0)
    }

    func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    var settingsFile: String { paths.configDirectory + "/settings.json" }

    @Test func aBookThatIsAFIFONobodyWritesToIsRefusedAfterAWait() throws {
        let path = home.path + "/pipe.txt"
        try fifo(path)
        let (result, seconds) = try novel("toc", path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "novel: \(path): is a FIFO (named pipe) that nothing wrote to within 5 seconds\n")
        #expect(seconds < 15)
    }

    @Test(arguments: ["toc", "info", "print"])
    func aDeviceAsTheBookIsRefusedAtOnce(command: String) throws {
        let (result, seconds) = try novel(command, "/dev/zero")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "novel: /dev/zero: is a character device, not a regular file\n")
        #expect(seconds < 10)
    }

    @Test func settingsThatAreAFIFOAreWarnedAboutAndNeverReplaced() throws {
        try fifo(settingsFile)
        let (info, _) = try novel("info", book)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stderr.contains("\(settingsFile): is a FIFO (named pipe), not a regular file; using defaults"))
        let (set, _) = try novel("settings", "--set", "width=60")
        #expect(set.status != 0 && set.status != 137, "\(set.stderr)")
        #expect(set.stderr.contains(settingsFile))
        #expect(isFIFO(settingsFile))
    }

    @Test func settingsLinkedToADeviceAreWarnedAboutAndTheLinkKept() throws {
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: settingsFile, withDestinationPath: "/dev/zero")
        let (info, seconds) = try novel("info", book)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("青灯记"))
        #expect(info.stderr.contains("\(settingsFile): is a character device, not a regular file"))
        #expect(seconds < 10)
        #expect(try novel("toc", book).result.stdout.contains("第一章"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: settingsFile) == "/dev/zero")
    }

    @Test func settingsLargerThanAnyRealOneAreRefusedWithTheLimit() throws {
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        // One byte past the limit for settings and state (NovelCore's BookFile.largestSettingsOrState).
        let huge = Data(repeating: 0x20, count: 16_000_001)
        try huge.write(to: URL(fileURLWithPath: settingsFile))
        let (info, _) = try novel("info", book)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stderr.contains("\(settingsFile): is larger than 16 MB"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: settingsFile)).count == huge.count)
    }

    @Test func aStateFileThatIsAFIFOIsWarnedAboutAndNeverReplaced() throws {
        #expect(try novel("bookmarks", book, "--add").result.stdout == "b1\n")
        let session = try ReadingSession.open(path: book, paths: paths)
        let stateFile = session.store.path(fingerprint: session.book.fingerprint)
        try fifo(stateFile)
        for command in ["info", "bookmarks"] {
            let (result, _) = try novel(command, book)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(stateFile): is a FIFO (named pipe), not a regular file"), "\(command)")
        }
        let (recent, _) = try novel("recent")
        #expect(recent.status == 0, "\(recent.stderr)")
        let (add, _) = try novel("bookmarks", book, "--add")
        #expect(add.status == 1, "\(add.stderr)")
        #expect(add.stderr.contains("could not save \(stateFile)"))
        #expect(isFIFO(stateFile))
    }

    @Test func aCacheFileThatIsAFIFOIsRebuilt() throws {
        #expect(try novel("toc", book).result.status == 0)
        let cache = paths.cacheDirectory
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        let index = try #require(names.first { $0.hasPrefix("chapters-") })
        try fifo(cache + "/" + index)
        let (toc, seconds) = try novel("toc", book)
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(toc.stdout.contains("第一章"))
        #expect(seconds < 10)
    }
}
