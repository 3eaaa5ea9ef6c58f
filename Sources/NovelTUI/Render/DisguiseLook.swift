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

    /// The status bar's right part in a disguise, in place of the time left, the pages and the percentage:
    /// a pager's line count for logs, an editor's ruler for code; a number being typed shows as a count.
    static func statusRight(_ disguise: Settings.Disguise, pages: String?, percent: String, typed: String) -> String {
        let count = typed.isEmpty ? "" : " \(typed)"
        switch disguise {
        case .none: return ""
        case .log: return count + " lines \(pages ?? "-") \(percent) "
        case .code: return count + " \((pages ?? "1/1").replacingOccurrences(of: "/", with: ","))  \(percent) "
        }
    }

    /// The prompt's label in a disguise: search and go-to keep the pager's and editor's own `/`, `?` and `:`;
    /// the reader's worded prompts (a bookmark's note, a chapter pattern) become a bare command line `:`.
    static func promptLabel(_ prompt: Prompt, _ disguise: Settings.Disguise) -> String {
        switch (disguise, prompt.kind) {
        case (.none, _), (_, .search), (_, .goTo): prompt.label
        default: ":"
        }
    }

    /// What a terminal too small for text shows in a disguise (nil: the reader's own words), in words that
    /// wrap: a pager waiting on its file, an editor's empty buffer.
    static func tooSmallWords(_ disguise: Settings.Disguise) -> [String]? {
        switch disguise {
        case .none: nil
        case .log: ["waiting", "for", "logs/ledger-sync.log"]
        case .code: ["src/ledger/reconcile.rs", "0L,", "0B"]
        }
    }

    /// An overlay (contents, help, settings …) drawn as the disguise draws text: each of `rows` moved right
    /// behind a prefix, dim, with the panel's title as a warning record; the selected row stays reversed so
    /// the list can still be used.
    static func disguise(_ screen: inout Screen, rows: Range<Int>, _ disguise: Settings.Disguise) {
        guard disguise != .none else { return }
        let width = prefixWidth(disguise, columns: screen.columns)
        for row in rows where row < screen.rows {
            let cells = (0..<screen.columns).map { screen[row, $0] }
            let style = Style(role: .dim, reverse: cells.contains { $0.style.role == .selection })
            screen.fill(row: row, style: style)
            // A made-up offset a row: a log's times run on and its levels vary as they do beside text.
            let prefix = self.prefix(disguise, offset: row * 50, entry: 0, isTitle: row == rows.lowerBound)
            var column = 0
            for character in prefix.prefix(width) {
                screen.put(String(character), width: 1, row: row, column: column, style: style)
                column += 1
            }
            for (x, cell) in cells.enumerated() where cell.width > 0 && x + width + cell.width <= screen.columns {
                screen.put(cell.cluster, width: cell.width, row: row, column: x + width, style: style)
            }
        }
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
