import CNcurses

/// Maps what curses' `wget_wch` returns to the reader's `InputEvent`s.
public enum KeyDecoder {
    /// A function or cursor key (`wget_wch` returned KEY_CODE_YES).
    public static func decode(keyCode code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: .key(.up)
        case KEY_DOWN: .key(.down)
        case KEY_LEFT: .key(.left)
        case KEY_RIGHT: .key(.right)
        case KEY_PPAGE: .key(.pageUp)
        case KEY_NPAGE: .key(.pageDown)
        case KEY_HOME, KEY_A1: .key(.home)
        case KEY_END, KEY_C1: .key(.end)
        case KEY_ENTER: .key(.enter)
        case KEY_BACKSPACE: .key(.backspace)
        case KEY_DC: .key(.delete)
        case KEY_BTAB: .key(.backTab)
        case KEY_A3: .key(.pageUp)
        case KEY_C3: .key(.pageDown)
        case KEY_F0 + 1...KEY_F0 + 63: .key(.function(Int(code - KEY_F0)))
        default: nil
        }
    }

    /// ESC and whether another key came with it, in the same read from the terminal. ESC alone is the
    /// Escape key. ESC followed at once by a key is what terminals send for Alt (Meta) with that key:
    /// not Escape and then the key, which would close an overlay or quit and then act on the key. The
    /// reader binds nothing to Alt, so the pair is dropped.
    public static func decodeEscape(followedByKey: Bool) -> InputEvent? {
        followedByKey ? nil : .key(.escape)
    }

    /// An ordinary character (`wget_wch` returned OK); control codes become named keys.
    public static func decode(character value: UInt32) -> InputEvent? {
        switch value {
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 9: return .key(.tab)
        case 8, 127: return .key(.backspace)
        case 1...26:
            return .key(.control(Character(Unicode.Scalar(UInt8(value) + 96))))
        case 0, 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
