import Foundation

/// What both end-to-end suites do with the reader in tmux: a private `NOVEL_HOME`, a terminal of a given
/// size, the reader's settled first screen, keys that change the screen, and quitting.
public final class ReaderInTmux: Sendable {
    public let home: TemporaryDirectory
    /// The bundled sample.
    public let book = Corpus.repositoryPath("books/青灯记.txt")

    public init() throws { home = try TemporaryDirectory("novel-e2e") }
    deinit { home.remove() }

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

    /// Presses `q` and returns the reader's exit status.
    public func quit(_ terminal: TmuxSession) throws -> Int {
        try terminal.send("q")
        return Int(try terminal.waitForExit())
    }
}
