/// A key as the reader sees it, independent of curses key codes.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Ctrl plus a letter, such as `.control("l")`.
    case control(Character)
}

/// Everything the terminal adapter reports to the reader.
public enum InputEvent: Sendable, Hashable {
    case key(Key)
    case wheelUp, wheelDown
    /// A mouse click at a screen cell.
    case click(row: Int, column: Int)
    case resize(columns: Int, rows: Int)
}
