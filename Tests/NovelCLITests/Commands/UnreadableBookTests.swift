import Foundation
import NovelTestSupport
import Testing

/// A book the user may not read is refused with a message naming it, as bad input (exit 2, docs/cli.md).
@Suite final class UnreadableBookTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    deinit { home.remove() }

    @Test func anUnreadableBookIsRefusedNamingIt() throws {
        let book = try home.write("locked.txt", "第一章　锁\n　　打不开的书。\n")
        chmod(book, 0o000)
        defer { chmod(book, 0o600) }
        let script: String
        if getuid() == 0 {
            // root reads every file: run novel as nobody, who may enter the folder but not read the book.
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("note: setpriv is missing: the unreadable-book test needs it when run as root; skipped")
                return
            }
            chmod(home.path, 0o755)
            script = #"exec setpriv --reuid=65534 --regid=65534 --clear-groups "$0" info "$1""#
        } else {
            script = #"exec "$0" info "$1""#
        }
        let result = try ShellRun.run(script, [book], home: home.path + "/novel-home")
        #expect(result.status == 2)
        #expect(result.stderr.contains(book))
        #expect(result.stderr.contains("cannot be read"))
        #expect(result.stdout.isEmpty)
    }
}
