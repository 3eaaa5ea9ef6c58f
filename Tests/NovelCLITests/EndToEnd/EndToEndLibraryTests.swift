import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The library overlay through the real binary in tmux.
    @Suite final class EndToEndLibraryTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        @Test func theLibrarySwitchesBooksAndEachKeepsItsPlace() throws {
            let folder = session.home.path + "/shelf"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let other = folder + "/other.txt"
            try "《灯下集》\n\n第一章　另一本书\n\n　　这是另一本书的第一段。\n".write(toFile: other, atomically: true, encoding: .utf8)
            try session.writeSettings(#"{"version": 1, "libraryFolder": "\#(folder)"}"#)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
            let place = try session.press("Space", on: terminal, from: first)
            try terminal.send("L")
            let library = try terminal.waitUntil("the library listing") {
                $0.contains("Library") && $0.contains("灯下集")
            }
            #expect(library.contains("青灯记"))
            try terminal.send("Enter")
            let switched = try terminal.waitUntil("the other book") {
                $0.contains(" 灯下集 · ") && !$0.contains("Library")
            }
            #expect(switched.contains("《灯下集》"), "\(switched)")
            // Back: the first book is second on the list now and opens where it was left.
            try terminal.send("L")
            try terminal.waitUntil("the library again") { $0.contains("Library") && $0.contains("青灯记") }
            try terminal.send("Enter")
            let again = try terminal.waitUntil("the first book") {
                $0.contains(" 青灯记 · ") && !$0.contains("Library")
            }
            #expect(again.split(separator: "\n").first == place.split(separator: "\n").first, "\(again)")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
