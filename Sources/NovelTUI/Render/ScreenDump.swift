/// Text dumps of a screen for golden tests: rows quoted so trailing spaces show, and a style-marker
/// variant with one character per cell naming its role.
public enum ScreenDump {
    public static func text(_ screen: Screen) -> String {
        screen.textRows.map { "|\($0)|" }.joined(separator: "\n") + "\n"
    }

    /// `.` text, `T` title, `S` status, `O` overlay, `o` overlay title, `R` selection, `M` match,
    /// `C` current match, `d` dim, `!` message; bold adds nothing, so the letters stay one per cell.
    public static func styles(_ screen: Screen) -> String {
        (0..<screen.rows).map { row in
            "|" + String((0..<screen.columns).map { marker(screen[row, $0].style.role) }) + "|"
        }.joined(separator: "\n") + "\n"
    }

    static func marker(_ role: Style.Role) -> Character {
        switch role {
        case .text: "."
        case .title: "T"
        case .status: "S"
        case .overlay: "O"
        case .overlayTitle: "o"
        case .selection: "R"
        case .match: "M"
        case .currentMatch: "C"
        case .dim: "d"
        case .message: "!"
        }
    }
}
