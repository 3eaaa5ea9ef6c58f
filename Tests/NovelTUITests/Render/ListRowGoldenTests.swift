import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The selected row of every list overlay, as the terminal draws it in every theme, with 256 colors, with
/// 8, and with `NO_COLOR` (which is also how a terminal without colors is drawn): the row starts with the
/// cursor, is bold, and its background stands well apart from the other rows' (issue 32: the terminal
/// theme showed no selected row at all, and the colored themes' reverse of swapped colors nearly
/// cancelled). Each golden holds the selected row and the row after it, then each mode's looks.
@Suite struct ListRowGoldenTests {
    enum List: String, CaseIterable {
        case toc, chapterRules, bookmarks, settings, cleaningRules, library
    }

    struct Mode: Sendable {
        let name: String
        let noColor: Bool
        let colors: Int
    }

    static let modes = [
        Mode(name: "256 colors", noColor: false, colors: 256), Mode(name: "8 colors", noColor: false, colors: 8),
        Mode(name: "NO_COLOR or no colors", noColor: true, colors: 0),
    ]

    static func reader(for list: List) throws -> Reader {
        let (columns, rows) = (60, 12)
        switch list {
        case .toc:
            var reader = makeReader(columns: columns, rows: rows)
            // Down: the selected row is not the chapter being read, which keeps its own mark.
            reader.press("t", "Down")
            return reader
        case .chapterRules:
            var reader = makeReader(columns: columns, rows: rows, book: ChapterRuleSwitchTests.book)
            reader.press("R", "Down")
            return reader
        case .bookmarks:
            var reader = ScreenGoldenTests.reader(for: .title, columns: columns, rows: rows)
            reader.press("B")
            return reader
        case .settings: return ScreenGoldenTests.reader(for: .settings, columns: columns, rows: rows)
        case .cleaningRules:
            var rules = CleaningRules()
            try rules.add(CleaningRule(name: "lamp", pattern: "青灯", replacement: "油灯"))
            var reader = makeReader(columns: columns, rows: rows, rules: rules)
            reader.press("x")
            return reader
        case .library:
            let books = [
                Shelf.Book(title: "sample", path: "/books/sample.txt", percent: 12.5),
                Shelf.Book(title: "水浒传", path: "/books/shz.txt", percent: 40),
                Shelf.Book(title: "西游记", path: "/books/xyj.txt"),
            ]
            var reader = makeReader(columns: columns, rows: rows)
            reader.press("L")
            reader.showLibrary(books, current: "/books/sample.txt", problems: [])
            return reader
        }
    }

    /// The luminance (0-255) of an xterm-256 color as the terminal shows it.
    static func luminance(_ color: Int16) -> Double {
        let basic: [(Double, Double, Double)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let levels: [Double] = [0, 95, 135, 175, 215, 255]
        let value = Int(color)
        let (red, green, blue): (Double, Double, Double)
        if value < 16 {
            (red, green, blue) = basic[value]
        } else if value >= 232 {
            let gray = Double(8 + 10 * (value - 232))
            (red, green, blue) = (gray, gray, gray)
        } else {
            let cube = value - 16
            (red, green, blue) = (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        }
        return 0.299 * red + 0.587 * green + 0.114 * blue
    }

    /// The luminance of the background a look shows. The terminal's own colors are taken as light text on
    /// black: whichever they are, reverse video swaps them, which is all the terminal theme has.
    static func shownBackground(_ look: TerminalTheme.Look) -> Double {
        let color = look.reverse ? look.foreground : look.background
        if color < 0 { return look.reverse ? 255 : 0 }
        return luminance(color)
    }

    static func describe(_ look: TerminalTheme.Look) -> String {
        var words = ["fg \(look.foreground)", "bg \(look.background)"]
        if look.bold { words.append("bold") }
        if look.reverse { words.append("reverse") }
        if look.dim { words.append("dim") }
        if look.underline { words.append("underline") }
        return words.joined(separator: " ")
    }

    /// The looks of a row's cells as runs: "0-59 fg 255 bg 235 bold".
    static func runs(_ screen: Screen, row: Int, theme: TerminalTheme) -> String {
        var runs: [(start: Int, end: Int, look: String)] = []
        for column in 0..<screen.columns {
            let look = describe(theme.look(screen[row, column].style))
            if let last = runs.last, last.look == look {
                runs[runs.count - 1].end = column
            } else {
                runs.append((column, column, look))
            }
        }
        return runs.map { "\($0.start)-\($0.end) \($0.look)" }.joined(separator: ", ")
    }

    @Test(arguments: List.allCases)
    func theSelectedRowStandsOutInEveryTheme(list: List) throws {
        let screen = try Self.reader(for: list).screen()
        let rows = screen.textRows
        let selectedRows = rows.indices.filter { rows[$0].hasPrefix(ListRow.cursor) }
        #expect(selectedRows.count == 1, "\(rows)")
        let selected = try #require(selectedRows.first)
        // The row after its entry (a bookmark's note lines are its own), or when that is the status bar
        // the one before.
        var end = selected + 1
        while end < rows.count, screen[end, 0].style.role == .selection { end += 1 }
        let other = end + 1 < rows.count ? end : selected - 1
        #expect(screen[other, 0].style.role == .overlay, "\(rows)")
        var dump = "|\(rows[selected])|\n|\(rows[other])|\n"
        for theme in Settings.Theme.allCases {
            for mode in Self.modes {
                let terminal = TerminalTheme(
                    palette: ThemePalette(theme: theme, noColor: mode.noColor), colors: mode.colors)
                // Every cell of the selected row: bold, and on a background far from the other rows'.
                let faint = (0..<screen.columns).filter { column in
                    let look = terminal.look(screen[selected, column].style)
                    let around = terminal.look(screen[other, column].style)
                    return !look.bold || abs(Self.shownBackground(look) - Self.shownBackground(around)) < 96
                }
                #expect(
                    faint.isEmpty,
                    """
                    \(list) in \(theme) with \(mode.name): \(faint.count) cells of the selected row are not bold \
                    or hardly stand out: \(Self.runs(screen, row: selected, theme: terminal)) against \
                    \(Self.runs(screen, row: other, theme: terminal))
                    """)
                dump += "\(theme.rawValue), \(mode.name)\n"
                dump += "  selected: \(Self.runs(screen, row: selected, theme: terminal))\n"
                dump += "  other:    \(Self.runs(screen, row: other, theme: terminal))\n"
            }
        }
        if let difference = Golden.compare(dump, name: "list-\(list.rawValue)-60x12.txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
