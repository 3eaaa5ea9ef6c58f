import Foundation

/// The size of the terminal on stdout as the kernel has it (`TIOCGWINSZ`), before any terminal library is
/// set up: for output that fits its width, and for how much of a book the first screen needs.
enum TerminalWindow {
    /// Columns and rows; nil without a terminal on stdout, or one that reports no width.
    static func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
