import Foundation

/// What both end-to-end suites do with the reader in tmux: a private `NOVEL_HOME`, a terminal of a given
/// size, the reader's settled first screen, keys that change the screen, and quitting.
public final class ReaderInTmux: Sendable {
    public let home: TemporaryDirectory
    /// The bundled sample.
    public let book = Corpus.repositoryPath("books/青灯记.txt")

    public init() throws { home = try TemporaryDirectory("novel-e2e") }
    deinit { home.remove() }

    /// Writes `json` as the reader's settings file under `home`.
    public func writeSettings(_ json: String) throws {
        let folder = home.path + "/config"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try json.write(toFile: folder + "/settings.json", atomically: true, encoding: .utf8)
    }

    /// A fresh terminal with novel's files under `home`.
    public func terminal(_ columns: Int = 80, _ rows: Int = 24) throws -> TmuxSession {
        try TmuxSession(columns: columns, rows: rows, environment: ["NOVEL_HOME": home.path])
    }

    /// Starts `novel read` on `path` (the sample by default) and waits for its own screen, settled: the
    /// alternate screen is on, `text` is shown and the shell's lines are gone.
    public func open(
        _ terminal: TmuxSession, _ path: String? = nil, _ extra: [String] = [], expecting text: String = "青灯记"
    ) throws -> String {
        try terminal.runInShell([NovelBinary.path, "read", path ?? book] + extra)
        var previous: String?
        return try terminal.waitUntil("the reader's first screen showing \(text)") { screen in
            defer { previous = screen }
            return screen == previous && screen.contains(text) && !screen.contains("novel-exit")
                && !screen.split(separator: "\n").contains { $0.hasPrefix(TmuxSession.prompt) }
                && (try? terminal.alternateScreenIsOn()) == true
        }
    }

    /// Presses `keys` in order and waits until the screen is no longer `screen`.
    @discardableResult
    public func press(_ keys: String..., on terminal: TmuxSession, from screen: String) throws -> String {
        for key in keys { try terminal.send(key) }
        return try terminal.waitForChange(from: screen)
    }

    /// Polls `condition` every 50 ms until it holds (for what is not on the screen: a file, a FIFO);
    /// throws after `timeout` seconds.
    public func poll(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            if Date() > deadline { throw TmuxSession.Failure.timedOut(waitingFor: what, seconds: timeout, screen: "") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Presses `q` and returns the reader's exit status.
    public func quit(_ terminal: TmuxSession) throws -> Int {
        try terminal.send("q")
        return Int(try terminal.waitForExit())
    }
}
