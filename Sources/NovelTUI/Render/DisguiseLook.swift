import NovelCore

/// What a disguise (the `disguise` setting) draws around the text: a prefix in front of each text line —
/// a log record's time, level and module, or a source comment's marker — and the status bar's words.
/// Made up here from the line's byte offset and chapter, so a line keeps its prefix through redraws and
/// later lines get later times; nothing of the book is in them.
enum DisguiseLook {
    /// `09:14:07 INFO  ledger  `: time, level, module.
    static let logPrefixWidth = 23
    /// `    // `: a comment inside a function body.
    static let codePrefixWidth = 7
    /// Text columns a prefix must leave; narrower terminals get the text without one.
    static let minimumTextColumns = 16

    static let modules = ["ledger", "sync", "auth", "cache", "http", "queue", "report", "store"]

    /// The cells the prefix takes in a terminal `columns` wide.
    static func prefixWidth(_ disguise: Settings.Disguise, columns: Int) -> Int {
        let width =
            switch disguise {
            case .none: 0
            case .log: logPrefixWidth
            case .code: codePrefixWidth
            }
        return columns - width >= minimumTextColumns ? width : 0
    }

    /// The prefix of the line starting at `offset` in chapter `entry`, exactly `prefixWidth` cells.
    static func prefix(_ disguise: Settings.Disguise, offset: Int, entry: Int, isTitle: Bool) -> String {
        switch disguise {
        case .none: return ""
        case .code: return "    // "
        case .log:
            // A day's clock from 09:00, a second for every 64 bytes of the book.
            let seconds = (9 * 3600 + max(offset, 0) / 64) % 86_400
            let time = [seconds / 3600, seconds / 60 % 60, seconds % 60].map(twoDigits).joined(separator: ":")
            let level = isTitle ? "WARN " : (offset / 7) % 9 == 0 ? "DEBUG" : "INFO "
            let module = modules[entry % modules.count]
            return time + " " + level + " " + module + String(repeating: " ", count: 8 - module.count)
        }
    }

    /// The status bar's left part in a disguise (nil: the reader's own, with the book's title).
    static func status(_ disguise: Settings.Disguise) -> String? {
        switch disguise {
        case .none: nil
        case .log: " tail -f logs/ledger-sync.log"
        case .code: " NORMAL  src/ledger/reconcile.rs  rust  utf-8"
        }
    }

    /// The status bar's style in a disguise: a pager's dim line for logs, an editor's bar for code.
    static func statusStyle(_ disguise: Settings.Disguise) -> Style {
        disguise == .log ? Style(role: .dim) : Style(role: .status)
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
