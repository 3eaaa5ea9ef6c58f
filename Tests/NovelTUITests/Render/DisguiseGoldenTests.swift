import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Snapshots of the `disguise` setting: text as log records or as comments in source code, dim, the
/// status bar without the book's title; and the same in the compact reader.
@Suite struct DisguiseGoldenTests {
    static let sizes: [(Int, Int)] = [(80, 24), (37, 12), (60, 3)]

    @Test(arguments: [Settings.Disguise.log, .code])
    func screens(disguise: Settings.Disguise) {
        var settings = Settings()
        settings.disguise = disguise
        for (columns, rows) in Self.sizes {
            var reader = Reader(
                book: sampleBook, settings: settings, state: nil, columns: columns, rows: rows,
                start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
            reader.press("Space")
            let screen = reader.screen()
            let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
            let name = "disguise-\(disguise.rawValue)-\(columns)x\(rows).txt"
            if let difference = Golden.compare(dump, name: name) { Issue.record(Comment(rawValue: difference)) }
        }
    }

    @Test(arguments: [Settings.Disguise.log, .code])
    func nothingOfTheBookButItsTextIsShownAndPositionsStay(disguise: Settings.Disguise) throws {
        var plain = makeReader(
            columns: 80, rows: 24, start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
        var settings = Settings()
        settings.disguise = disguise
        var disguised = makeReader(
            columns: 80, rows: 24, settings: settings,
            start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
        let rows = disguised.screen().textRows
        #expect(!rows.joined().contains("sample"))
        #expect(!rows[23].contains(sampleBook.index.entries[2].title))  // no chapter in the status bar
        let pattern = disguise == .log ? #"^\d\d:\d\d:\d\d (INFO |DEBUG|WARN ) [a-z]+ +.*\S"# : #"^    // .*\S"#
        for row in rows.prefix(23) where !row.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(row.range(of: pattern, options: .regularExpression) != nil, "\(row)")
        }
        // The same first character; search and bookmarks see the same offsets.
        #expect(disguised.firstVisibleOffset == plain.firstVisibleOffset)
        plain.press("/")
        plain.type("lamp")
        plain.press("Enter")
        disguised.press("/")
        disguised.type("lamp")
        disguised.press("Enter")
        #expect(disguised.currentMatch == plain.currentMatch)
        let styles = ScreenDump.styles(disguised.screen())
        #expect(styles.contains("CCCC"))
    }

    /// Everything on screen is disguised: the status bar (no time left, no book words), the overlays
    /// (here the contents and the help) and the selected row, which stays reversed to be usable.
    @Test(arguments: [Settings.Disguise.log, .code])
    func theStatusBarAndOverlaysAreDisguised(disguise: Settings.Disguise) {
        var settings = Settings()
        settings.disguise = disguise
        settings.statusInfo = .both
        for (keys, name) in [([String](), "status"), (["t"], "toc"), (["H"], "help")] {
            var reader = Reader(
                book: sampleBook, settings: settings, state: nil, columns: 60, rows: 12,
                start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
            for key in keys { reader.press(key) }
            let screen = reader.screen()
            let reversed = (0..<screen.rows).filter { row in
                (0..<screen.columns).contains { screen[row, $0].style.reverse }
            }
            let dump =
                ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen) + "\nreversed rows: \(reversed)\n"
            let file = "disguise-\(disguise.rawValue)-\(name)-60x12.txt"
            if let difference = Golden.compare(dump, name: file) { Issue.record(Comment(rawValue: difference)) }
        }
    }

    /// No overlay is drawn in the reader's own panel styles under a disguise, no message in the message
    /// style, and the status bar names neither the time left nor the measuring of it.
    @Test(arguments: [Settings.Disguise.log, .code])
    func noOverlayOrMessageIsDrawnPlainly(disguise: Settings.Disguise) {
        var settings = Settings()
        settings.disguise = disguise
        settings.statusInfo = .both
        for keys in [[], ["t"], ["H"], ["s"], ["'"], ["x"], ["R"], ["L"], ["c"], ["t", "Down"]] {
            var reader = makeReader(columns: 60, rows: 12, settings: settings)
            for key in keys { reader.press(key) }
            let screen = reader.screen()
            let styles = ScreenDump.styles(screen)
            #expect(!styles.contains { "OoR!".contains($0) }, "\(keys):\n\(ScreenDump.text(screen))\(styles)")
            let status = screen.textRows.last ?? ""
            #expect(!status.contains("left") && !status.contains("measuring"), "\(keys): \(status)")
        }
    }

    /// The bottom row's prompts read as a pager's or an editor's command line (search keeps its `/`), and a
    /// terminal too small for text shows the disguise's words, not the reader's.
    @Test(arguments: [Settings.Disguise.log, .code])
    func promptsAndTheTooSmallScreenAreDisguised(disguise: Settings.Disguise) {
        var settings = Settings()
        settings.disguise = disguise
        for (keys, typed) in [(["m"], "clue"), (["/"], "lamp")] {
            var reader = makeReader(columns: 60, rows: 12, settings: settings)
            for key in keys { reader.press(key) }
            reader.type(typed)
            let bottom = reader.screen().textRows[11]
            #expect(bottom.hasPrefix((keys == ["/"] ? "/" : ":") + typed), "\(keys): \(bottom)")
            #expect(!bottom.contains("ookmark") && !bottom.contains("note"), "\(keys): \(bottom)")
        }
        let small = makeReader(columns: 7, rows: 6, settings: settings)
        let screen = small.screen()
        let text = screen.textRows.joined(separator: "\n")
        #expect(!text.contains("small") && !text.contains("book"), "\(text)")
        #expect(text.contains(disguise == .log ? "waiting" : "src/led"), "\(text)")
        #expect(!ScreenDump.styles(screen).contains { "OoR!".contains($0) }, "\(ScreenDump.styles(screen))")
        let plain = makeReader(columns: 7, rows: 6)
        #expect(plain.screen().textRows.joined().contains("Too"), "the reader's own words without a disguise")
    }
}
