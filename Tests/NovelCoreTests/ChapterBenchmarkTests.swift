import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// When the benchmarks can run: with the corpus, in an optimised build.
enum ChapterBenchmarkConditions {
    static let isOptimized: Bool = {
        #if DEBUG
            false
        #else
            true
        #endif
    }()

    static let canRun: Bool = {
        if !Corpus.isAvailable {
            print("ChapterBenchmarkTests: \(Corpus.absentMessage)")
            return false
        }
        if !isOptimized {
            print("ChapterBenchmarkTests: skipped in a debug build; run them with scripts/test")
            return false
        }
        return true
    }()

    static let skipMessage = "needs the corpus and an optimised build"
}

/// Speed of the chapter index on the ~30 MB book that the corpus's `make-big.sh` builds.
///
/// Timings only mean something in an optimised build (`scripts/test`, or `swift test -c release
/// -Xswiftc -enable-testing`); in a debug build the suite is skipped with a visible note.
@Suite(.enabled(if: ChapterBenchmarkConditions.canRun, Comment(rawValue: ChapterBenchmarkConditions.skipMessage)))
struct ChapterBenchmarkTests {
    /// The same heading pattern, for `grep -cE`, as the rules' 第 + number + unit family.
    static let grepPattern = "第[0-9０１２３４５６７８９零〇一二两三四五六七八九十百千万]+[章回节卷集部篇话]"

    /// Builds the big book in a new temporary folder (about half a second); the caller removes it.
    static func makeBigBook() throws -> (directory: TemporaryDirectory, path: String) {
        let directory = try TemporaryDirectory("novel-big")
        let path = directory.path + "/big-novel.txt"
        let status = run("/bin/sh", [Corpus.path("make-big.sh"), path]).status
        if status != 0 { directory.remove() }
        try #require(status == 0, "make-big.sh could not build the big book")
        return (directory, path)
    }

    /// Runs a program and returns its exit status and standard output. The output goes to a pipe, not
    /// to /dev/null: GNU grep stops at the first match when its output is /dev/null.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil)
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, "") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The fastest of `repeats` runs, in seconds (the machine is shared and noisy).
    static func best(of repeats: Int, _ work: () throws -> Void) rethrows -> Double {
        var fastest = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<repeats {
            let elapsed = try clock.measure { try work() }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            fastest = min(fastest, seconds)
        }
        return fastest
    }

    static var grepPath: String? {
        ["/usr/bin/grep", "/bin/grep"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func indexingTheBigBookTakesAtMostThreeTimesGrep() throws {
        let book = try Self.makeBigBook()
        defer { book.directory.remove() }
        let grep = try #require(Self.grepPath, "grep is not installed")
        let text = try BookLoader.load(path: book.path)
        let splitter = ChapterSplitter()
        var index = ChapterIndex(entries: [], ruleName: "")
        let grepEnvironment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let grepCount = Self.run(grep, ["-cE", Self.grepPattern, book.path], environment: grepEnvironment)
        #expect(grepCount.status == 0)
        #expect(Int(grepCount.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 1500)
        // Interleaved, so that a burst of load from other work hits both sides alike.
        var grepSeconds = Double.infinity
        var splitSeconds = Double.infinity
        for _ in 0..<3 {
            grepSeconds = min(
                grepSeconds,
                Self.best(of: 1) { Self.run(grep, ["-cE", Self.grepPattern, book.path], environment: grepEnvironment) })
            splitSeconds = min(splitSeconds, Self.best(of: 1) { index = splitter.split(text) })
        }
        let megabytes = Double(text.utf8.count) / 1_000_000
        print(
            String(
                format: "ChapterBenchmarkTests: %.1f MB, split %.0f ms (%.0f MB/s), grep -cE %.0f ms, ratio %.2f",
                megabytes, splitSeconds * 1000, megabytes / splitSeconds, grepSeconds * 1000,
                splitSeconds / grepSeconds))
        #expect(splitSeconds <= 3 * grepSeconds, "split took \(splitSeconds) s, grep -cE \(grepSeconds) s")
        // And the result is right: three passes of the eight books, the lists of contents and traps left out.
        let chapters = index.entries.filter { $0.kind == .chapter }
        let onePass =
            Array(1...120) + Array(1...100) + Array(1...120) + Array(1...56) + Array(1...40) + Array(1...35)
            + Array(1...20) + Array(1...9)
        #expect(chapters.compactMap(\.number) == onePass + onePass + onePass)
        // 501 units a pass: the 500 chapters and 儿女英雄传's 緣起首回.
        #expect(index.entries.filter { $0.title.hasPrefix("緣起首回") }.count == 3)
    }

    @Test func aCachedReopenSkipsTheScan() throws {
        let book = try Self.makeBigBook()
        defer { book.directory.remove() }
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = NovelPaths(
            configDirectory: home.path, stateDirectory: home.path, cacheDirectory: home.path + "/cache")
        let first = try BookOpener.open(path: book.path, paths: paths)
        var reopened: Book?
        let reopenSeconds = try Self.best(of: 3) { reopened = try BookOpener.open(path: book.path, paths: paths) }
        #expect(reopened?.index == first.index)
        // The reopen costs loading the text and reading the cache file; the scan is what it must not pay.
        let text = first.text
        let scanSeconds = Self.best(of: 3) { _ = ChapterSplitter().split(text) }
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let cacheSeconds = Self.best(of: 3) { _ = cache.load(fingerprint: first.fingerprint, pattern: nil) }
        print(
            String(
                format: "ChapterBenchmarkTests: reopen %.0f ms, of which the cache %.1f ms; a scan takes %.0f ms",
                reopenSeconds * 1000, cacheSeconds * 1000, scanSeconds * 1000))
        // Whether the scan was skipped is shown by ChapterRuleTests.aCachedIndexIsReused (a marked cache
        // entry comes back); here the timings are reported, as the scan is too fast to compare reliably.
        #expect(reopened?.text.utf8.count == first.text.utf8.count)
    }
}
