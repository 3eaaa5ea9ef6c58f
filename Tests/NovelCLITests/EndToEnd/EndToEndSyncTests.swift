import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Sync through the real binary in tmux: two homes (two machines) and one synced folder. The place one
    /// left is offered when the other opens the book, and the offer's key goes there; nothing jumps by itself.
    @Suite final class EndToEndSyncTests {
        let laptop: ReaderInTmux
        let desktop: ReaderInTmux
        let folder: TemporaryDirectory

        init() throws {
            laptop = try ReaderInTmux()
            desktop = try ReaderInTmux()
            folder = try TemporaryDirectory("novel-e2e-sync")
            for (home, name) in [(laptop, "laptop"), (desktop, "desktop")] {
                try home.writeSettings(#"{"sync.folder": "\#(folder.path)", "sync.device": "\#(name)"}"#)
            }
        }

        deinit { folder.remove() }

        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }

        @Test func thePlaceLeftOnOneMachineIsOfferedOnTheOtherAndItsKeyGoesThere() throws {
            let first = try laptop.terminal()
            defer { first.kill() }
            _ = try laptop.open(first, nil, ["--chapter", "第三章"], expecting: "第三章")
            #expect(try laptop.quit(first) == 0)
            // Leaving synced the place into the folder.
            try laptop.poll("the laptop's record in the synced folder") {
                let devices = (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/devices")) ?? []
                return devices.contains { device in
                    let files =
                        (try? FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/devices/\(device)"))
                    return files?.contains { $0.hasSuffix(".json") } ?? false
                }
            }
            let second = try desktop.terminal()
            defer { second.kill() }
            try second.runInShell([NovelBinary.path, "read", desktop.book])
            let offered = try second.waitUntil("the laptop's place offered") {
                $0.contains("At 第三章") && $0.contains("on laptop, just now — P to go there")
            }
            try second.send("P")
            let there = try second.waitUntil("chapter 3 on screen") { !$0.contains("P to go there") }
            #expect(there.contains("第三章　渡口灯火"))
            // The offer did not move the reader by itself: the key did, as a jump (C-o comes back).
            #expect(firstLine(offered) != firstLine(there))
            try second.send("C-o")
            let back = try second.waitForChange(from: there)
            #expect(firstLine(back) == firstLine(offered), "\(back)")
            #expect(try desktop.quit(second) == 0)
        }
    }
}
