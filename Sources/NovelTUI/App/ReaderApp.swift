import NovelCore

/// The reader's main loop: waits for input, lets the pager handle it, draws, and always restores the terminal.
public enum ReaderApp {
    /// Shows `book` until the user quits or a signal arrives.
    public static func run(book: Book, settings: Settings) throws {
        let terminal = try CursesTerminal(theme: settings.theme)
        defer { terminal.restore() }
        var size = terminal.size
        terminal.draw(PreviewScreen.make(book: book, columns: size.columns, rows: size.rows))
        loop: while true {
            switch terminal.nextInput(timeout: nil) {
            case .signal: break loop
            case .timeout: continue
            case .event(.key(.character("q"))), .event(.key(.escape)), .event(.key(.control("c"))): break loop
            case .event(.resize(let columns, let rows)): size = (columns, rows)
            case .event: break
            }
            terminal.draw(PreviewScreen.make(book: book, columns: size.columns, rows: size.rows))
        }
    }
}
