import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// The session log: one line a session, appended under a lock, bad lines left out and counted.
@Suite final class ReadingLogTests {
    let home: TemporaryDirectory
    var log: ReadingLog { ReadingLog(stateDirectory: home.path + "/state") }

    init() throws {
        home = try TemporaryDirectory("novel-reading-log")
    }

    deinit { home.remove() }

    let ended = Date(timeIntervalSince1970: 1_795_744_800.5)

    @Test func appendsAndReadsBack() throws {
        let first = ReadingLog.Entry(ended: ended, seconds: 61.26, characters: 900, fingerprint: "f1", title: "青灯记")
        let second = ReadingLog.Entry(
            ended: ended + 60, seconds: 5, characters: 10, fingerprint: "f2", title: "A \"quoted\"\ntitle\u{202E}")
        try log.append(first)
        try log.append(second)
        let loaded = log.load()
        #expect(loaded.unreadable == 0)
        #expect(loaded.entries.map(\.title) == [first.title, second.title])
        #expect(loaded.entries.map(\.fingerprint) == ["f1", "f2"])
        #expect(loaded.entries.first?.seconds == 61.3)  // one decimal is kept
        #expect(loaded.entries.first?.ended == ended)
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2, "one line a session: \(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: log.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aTornLastLineCostsThatLineOnly() throws {
        try log.append(ReadingLog.Entry(ended: ended, seconds: 60, characters: 1, fingerprint: "a", title: "a"))
        try appendToFile(log.path, #"{"ended":"2026-11-27T02:00"#)  // a writer killed half-way
        try log.append(ReadingLog.Entry(ended: ended, seconds: 30, characters: 2, fingerprint: "b", title: "b"))
        try appendToFile(log.path, "not json\n")
        try appendToFile(log.path, #"{"ended":"yesterday","seconds":1,"characters":1,"book":"c"}"# + "\n")
        try appendToFile(log.path, #"{"ended":"2026-11-27T02:00:00Z","seconds":-5,"characters":1,"book":"d"}"# + "\n")
        let loaded = log.load()
        #expect(loaded.entries.map(\.fingerprint) == ["a", "b"])
        #expect(loaded.unreadable == 4)
    }

    /// A line edited by hand (spaces, keys in another order, escapes) is read as the JSON it is.
    @Test func aLineInAnotherShapeIsReadAsJSON() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/state", withIntermediateDirectories: true)
        let line =
            #"{ "title": "\u897f\u6e38\u8bb0", "book": "f3", "characters": 70, "seconds": 12.5, "#
            + #""ended": "2026-11-27T02:00:00+08:00" }"#
        try (line + "\n").write(toFile: log.path, atomically: false, encoding: .utf8)
        let loaded = log.load()
        #expect(loaded.unreadable == 0)
        #expect(loaded.entries.map(\.title) == ["西游记"])
        #expect(loaded.entries.first?.ended == Date(timeIntervalSince1970: 1_795_716_000))
        #expect(loaded.entries.first?.seconds == 12.5)
    }

    /// Numbers no reader writes (a session of years, characters past what a year's sum may hold) are left
    /// out, so that the days and their chart never sum past `Int` or draw past their top.
    @Test func impossibleNumbersAreLeftOut() throws {
        try log.append(ReadingLog.Entry(ended: ended, seconds: 60, characters: 1, fingerprint: "a", title: "a"))
        try appendToFile(
            log.path,
            #"{"ended":"2026-11-27T02:00:00.000Z","seconds":1e300,"characters":1,"book":"b","title":""}"# + "\n")
        try appendToFile(
            log.path,
            #"{"ended":"2026-11-27T02:00:00.000Z","seconds":1.0,"characters":9223372036854775807,"book":"c","title":""}"#
                + "\n")
        let loaded = log.load()
        #expect(loaded.entries.map(\.fingerprint) == ["a"])
        #expect(loaded.unreadable == 2)
    }

    @Test func noFileIsNoSessions() {
        let loaded = log.load()
        #expect(loaded.entries.isEmpty && loaded.unreadable == 0)
    }

    @Test func readersClosingAtOnceLoseNoLine() throws {
        let log = self.log
        _ = allAtOnce(8) { number in
            for index in 0..<25 {
                try? log.append(
                    ReadingLog.Entry(
                        ended: Date(), seconds: 1, characters: index, fingerprint: "t\(number)", title: "t"))
            }
        }
        let loaded = log.load()
        #expect(loaded.unreadable == 0)
        #expect(loaded.entries.count == 200)
    }
}
