import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Issue 38, items 3, 8, 11 and 12 through the real binary: a symlinked settings.json stays a link, a
/// keymap that cannot be used is refused, one bad number is one warning, an unreadable state file is
/// reported and never replaced.
@Suite final class SettingsFaultTests {
    let home: TemporaryDirectory
    var settingsPath: String { home.path + "/config/settings.json" }

    init() throws {
        home = try TemporaryDirectory("novel-settings-faults")
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: item 3

    @Test func setWritesThroughASymlinkedSettingsFile() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/dotfiles", withIntermediateDirectories: true)
        let dotfiles = try home.write("dotfiles/settings.json", #"{"version": 1, "width": 70}"#)
        #expect(symlink(dotfiles, settingsPath) == 0)
        let result = try novel("settings", "--set", "margin=3")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: settingsPath) == dotfiles)
        #expect(text(dotfiles)?.contains("\"margin\" : 3") == true)
        #expect(text(dotfiles)?.contains("\"width\" : 70") == true)
        #expect(try novel("settings", "--get", "margin").stdout == "3\n")
    }

    // MARK: item 8

    @Test(arguments: [
        (#"{"quit":[]}"#, "quit: no key would quit the reader"),
        (#"{"quit":"5"}"#, "quit: '5' is reserved (digits, Enter, C-c, C-z); quit: no key would quit the reader"),
        (#"{"bogus":["x"]}"#, "unknown command 'bogus'"),
        (#"{"nextPage":["x"]}"#, "unknown command 'nextPage'"),
        (#"{"next-page":["NoSuchKey"]}"#, "next-page: unknown key 'NoSuchKey'"),
        (#"{"next-page":["q"]}"#, "next-page: 'q' is already bound to quit"),
    ])
    func aKeymapTheReaderCannotUseIsRefused(keymap: String, problem: String) throws {
        let before = #"{"version": 1, "width": 70}"#
        try before.write(toFile: settingsPath, atomically: false, encoding: .utf8)
        let result = try novel("settings", "--set", "keymap=\(keymap)")
        #expect(result.status == 2)
        #expect(
            result.stderr == "novel: invalid value '\(keymap)' for keymap: \(problem)"
                + (problem.contains("no key would quit") ? ", which keeps q Esc for it\n" : "\n"))
        #expect(text(settingsPath) == before)
    }

    @Test func aKeymapTheReaderCanUseIsSaved() throws {
        let result = try novel("settings", "--set", #"keymap={"next-page":["Space","z"],"quit":["Q"]}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(try novel("settings", "--get", "keymap").stdout == #"{"next-page":["Space","z"],"quit":["Q"]}"# + "\n")
    }

    /// A hand-written keymap without a way to quit is reported by `novel settings` (the reader reports it
    /// in its status bar and keeps quit's defaults).
    @Test func aHandWrittenKeymapWithoutQuitIsReported() throws {
        try #"{"keymap": {"quit": []}}"#.write(toFile: settingsPath, atomically: false, encoding: .utf8)
        let result = try novel("settings")
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "novel: \(settingsPath): keymap: quit: no key would quit the reader, which keeps q Esc for it\n")
    }

    /// The example settings.json in docs/settings.md is read by the real parser without one warning, so
    /// that the docs cannot drift from what the program accepts again (it once said `nextPage`).
    @Test func theDocsExampleIsAcceptedAsItStands() throws {
        let docs = try String(contentsOfFile: Corpus.repositoryPath("docs/settings.md"), encoding: .utf8)
        let afterHeading = try #require(docs.range(of: "## settings.json"))
        let open = try #require(docs.range(of: "```json\n", range: afterHeading.upperBound..<docs.endIndex))
        let close = try #require(docs.range(of: "\n```", range: open.upperBound..<docs.endIndex))
        let example = String(docs[open.upperBound..<close.lowerBound])
        #expect(example.contains("\"keymap\""))
        try example.write(toFile: settingsPath, atomically: false, encoding: .utf8)
        let result = try novel("settings", "--json")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "the docs' example warns: \(result.stderr)")
        // Every key of the example is taken as written, none left at its default.
        let exampleObject = try #require(try JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any])
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for (key, value) in exampleObject where key != "version" {
            let written = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
            let read = try JSONSerialization.data(
                withJSONObject: [try #require(shown[key], "\(key)")], options: [.sortedKeys])
            #expect(written == read, "\(key)")
        }
    }

    // MARK: item 11

    @Test func oneNumberPastDoubleIsOneWarningAndTheRestIsKept() throws {
        try #"{"width":60,"fontScale":1e400}"#.write(toFile: settingsPath, atomically: false, encoding: .utf8)
        let result = try novel("settings")
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "novel: \(settingsPath): invalid value '1e400' for fontScale: allowed 1.0 to 3.0 in steps of 0.5; "
                + "using the default 1.0\n")
        #expect(result.stdout.contains("width = 60\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.path + "/config").allSatisfy {
                !$0.contains("corrupt")
            })
    }

    @Test func aMarginPastInt64IsReportedAsWritten() throws {
        try #"{"width":60,"margin":9223372036854775808}"#.write(
            toFile: settingsPath, atomically: false, encoding: .utf8)
        let result = try novel("settings", "--get", "margin")
        #expect(result.stdout == "2\n")
        #expect(result.stderr.contains("invalid value '9223372036854775808' for margin"))
        #expect(!result.stderr.contains("-9223372036854775808"))
    }

    @Test func aVersionPastAnyIntegerIsNamedAsWrittenWhenReadAndWhenSaved() throws {
        let newer = #"{"version":99999999999999999999, "width":60}"#
        try newer.write(toFile: settingsPath, atomically: false, encoding: .utf8)
        let result = try novel("settings", "--set", "width=61")
        #expect(result.status == 1)
        #expect(result.stderr.contains("(version 99999999999999999999); reading it, not saving to it"))
        #expect(result.stderr.contains("(version 99999999999999999999); it is left unchanged"))
        #expect(!result.stderr.contains("version 0") && !result.stderr.contains("7766279631452241919"))
        #expect(text(settingsPath) == newer)
    }

    // MARK: item 12, the state file

    /// A state file that cannot be read (a folder in its place fails even for root) is named with the
    /// problem on every command that reads it, and no later write replaces it.
    @Test func anUnreadableStateFileIsReportedAndNeverReplaced() throws {
        let book = try home.write("book.txt", "第一章　灯\n　　渡口的灯还亮着。\n")
        #expect(try novel("bookmarks", book, "--add").status == 0)
        let books = home.path + "/state/books"
        let stateFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: books).first { $0.hasSuffix(".json") })
        let path = books + "/" + stateFile
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let info = try novel("info", book)
        #expect(info.stderr.contains(path))
        #expect(info.stderr.contains("is a directory"))
        #expect(info.stderr.contains("not saving to it"))
        let add = try novel("bookmarks", book, "--add")
        #expect(add.status == 1)
        #expect(add.stderr.contains("could not save \(path)"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// The same with a file the user may not read (mode 000), run as an ordinary user.
    @Test func aStateFileTheUserMayNotReadIsReportedAndNeverReplaced() throws {
        let book = try home.write("book.txt", "第一章　灯\n　　渡口的灯还亮着。\n")
        #expect(try novel("bookmarks", book, "--add", "--note", "mine").status == 0)
        let books = home.path + "/state/books"
        let stateFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: books).first { $0.hasSuffix(".json") })
        let path = books + "/" + stateFile
        let before = text(path)
        let prefix: String
        if getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                print("note: setpriv is missing: the unreadable-state test needs it when run as root; skipped")
                return
            }
            // nobody owns the home and may write the folder, but not read the state file.
            _ = try ShellRun.run(#"chown -R 65534:65534 "$1""#, [home.path], home: home.path)
            prefix = "exec setpriv --reuid=65534 --regid=65534 --clear-groups "
        } else {
            prefix = "exec "
        }
        chmod(path, 0o000)
        defer { chmod(path, 0o600) }
        let info = try ShellRun.run(prefix + #""$0" info "$1""#, [book], home: home.path)
        #expect(info.stderr.contains(path))
        #expect(info.stderr.contains("Permission denied"))
        let add = try ShellRun.run(prefix + #""$0" bookmarks "$1" --add"#, [book], home: home.path)
        #expect(add.status == 1)
        #expect(add.stderr.contains("could not save \(path)"))
        chmod(path, 0o600)
        #expect(text(path) == before)
    }
}
