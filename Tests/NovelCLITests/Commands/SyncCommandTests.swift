import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel sync` and `novel sync --status` through the binary: two homes (two machines) and one synced folder.
@Suite final class SyncCommandTests {
    let directory: TemporaryDirectory
    let folder: String
    let book: String

    init() throws {
        directory = try TemporaryDirectory("novel-sync-cli")
        folder = directory.path + "/Sync"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        book = try directory.write("灯.txt", "第一章　开始\n　　灯亮了很久很久，一直亮到天明。\n第二章　结束\n　　灯灭了。\n")
    }

    deinit { directory.remove() }

    func home(_ name: String) -> String { directory.path + "/" + name }

    func novel(_ name: String, _ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home(name)])
    }

    /// Sets the home up to sync through the folder under the machine's name.
    func setUp(_ name: String) throws {
        #expect(try novel(name, "settings", "--set", "sync.folder=\(folder)").status == 0)
        #expect(try novel(name, "settings", "--set", "sync.device=\(name)").status == 0)
    }

    @Test func syncOffIsBadInputThatSaysHowToTurnItOn() throws {
        let result = try novel("laptop", "sync")
        #expect(result.status == 2)
        #expect(result.stderr.contains("sync is off; set sync.folder or sync.url"))
        let missing = try novel("laptop", "settings", "--set", "sync.folder=\(folder)/missing")
        #expect(missing.status == 0)
        let refused = try novel("laptop", "sync")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is not a folder"))
    }

    @Test func aBookmarkMadeOnOneMachineArrivesOnTheOtherAndTheStatusSaysWho() throws {
        try setUp("laptop")
        try setUp("desktop")
        #expect(try novel("laptop", "bookmarks", book, "--add", "--note", "灯下").status == 0)
        #expect(try novel("desktop", "bookmarks", book, "--add", "--percent", "50", "--note", "窗外").status == 0)
        let first = try novel("laptop", "sync")
        #expect(first.status == 0)
        #expect(first.stdout == "Synced 1 book with no other device yet.\n")
        let second = try novel("desktop", "sync")
        #expect(second.stdout == "Synced 1 book with 1 other device (laptop); bookmarks: 1 added.\n")
        let desktopMarks = try novel("desktop", "bookmarks", book).stdout
        #expect(desktopMarks.contains("灯下") && desktopMarks.contains("窗外"))
        let third = try novel("laptop", "sync")
        #expect(third.stdout == "Synced 1 book with 1 other device (desktop); bookmarks: 1 added.\n")
        let laptopMarks = try novel("laptop", "bookmarks", book).stdout
        #expect(laptopMarks.contains("灯下") && laptopMarks.contains("窗外"))
        let status = try novel("desktop", "sync", "--status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("Store: \(folder)\n"))
        #expect(status.stdout.contains("(1 book)"))
        #expect(status.stdout.contains("  desktop (this one)  "))
        #expect(status.stdout.contains("  laptop  "))
    }
}
