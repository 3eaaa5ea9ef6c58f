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

    /// The attributes of each cell as one hexadecimal digit, `.` for none: bold 1, italic 2, underline 4,
    /// reverse 8, added up (`c` is a selected link: reverse and underline; `3` bold italic).
    public static func attributes(_ screen: Screen) -> String {
        (0..<screen.rows).map { row in
            "|" + String((0..<screen.columns).map { attributeMarker(screen[row, $0].style) }) + "|"
        }.joined(separator: "\n") + "\n"
    }

    static func attributeMarker(_ style: Style) -> Character {
        let bits =
            (style.bold ? 1 : 0) | (style.italic ? 2 : 0) | (style.underline ? 4 : 0) | (style.reverse ? 8 : 0)
        return bits == 0 ? "." : Character(String(bits, radix: 16))
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
