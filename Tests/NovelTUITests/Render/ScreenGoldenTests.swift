import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Screen snapshots at pinned sizes: a prime width (37), a common terminal (80×24) and a tiny one (5×2).
/// Each golden holds the text rows (quoted, so trailing spaces show) and then the style markers.
@Suite struct ScreenGoldenTests {
    enum Scene: String, CaseIterable {
        case page, title, scroll, toc, tocFiltered, bookmarks, search, settings, help, tooSmall, prompt, fontScale
        case autoTurn, timeLeft
    }

    static let sizes: [(Int, Int)] = [(37, 12), (80, 24), (5, 2)]

    static func reader(for scene: Scene, columns: Int, rows: Int) -> Reader {
        let entries = sampleBook.index.entries
        var settings = Settings()
        if scene == .scroll { settings.transition = .scroll }
        if scene == .fontScale { settings.fontScale = 2 }
        if scene == .timeLeft { settings.statusInfo = .both }
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        let fixed = Date(timeIntervalSince1970: 1_800_000_000)
        state.bookmarks = [
            BookmarkFactory.make(
                book: sampleBook, offset: entries[1].bodyStart, note: "rain begins", number: 1, now: fixed),
            BookmarkFactory.make(
                book: sampleBook, offset: entries[3].range.lowerBound, note: nil, number: 2, now: fixed),
        ]
        state.nextBookmarkNumber = 3
        let start = ReaderStart(offset: scene == .title ? entries[1].range.lowerBound : entries[2].range.lowerBound)
        var reader = Reader(
            book: sampleBook, settings: settings, state: state, columns: columns, rows: rows, start: start)
        switch scene {
        case .page, .fontScale: reader.press("Space")
        case .title: break
        case .scroll: reader.press("j", "j", "j")
        case .toc: reader.press("t")
        case .tocFiltered:
            reader.press("t")
            reader.type("雨夜")
            reader.press("Down")
        case .bookmarks: reader.press("B")
        case .search:
            reader.press("/")
            reader.type("the")
            reader.press("Enter")
        case .settings: reader.press("s", "Down")
        case .help: reader.press("F1")
        case .tooSmall: break
        case .prompt:
            reader.press(":")
            reader.type("50%")
        case .autoTurn: reader.press("a")
        case .timeLeft:
            // 600 characters a minute measured over other books.
            reader.overallReading = ReadingTime(characters: 60_000, seconds: 6_000, sessions: 3)
        }
        return reader
    }

    @Test(arguments: Scene.allCases)
    func screens(scene: Scene) {
        // The too-small message has its own sizes: below the reader's minimum and the smallest possible.
        let sizes = scene == .tooSmall ? [(7, 3), (5, 2), (1, 1)] : Self.sizes
        for (columns, rows) in sizes {
            let screen = Self.reader(for: scene, columns: columns, rows: rows).screen()
            let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
            if let difference = Golden.compare(dump, name: "screen-\(scene.rawValue)-\(columns)x\(rows).txt") {
                Issue.record(Comment(rawValue: difference))
            }
        }
    }

    @Test func everyClusterSitsAtTheLayoutersColumn() throws {
        let reader = Self.reader(for: .page, columns: 37, rows: 12)
        let screen = reader.screen()
        let geometry = try #require(reader.layout.geometry)
        let chapter = reader.layout.chapter(reader.location.entry)
        var checked = 0
        for index in chapter.pages[reader.location.page].lines {
            let line = chapter.lines[index]
            for cluster in line.clusters where cluster.width > 0 {
                let cell = screen[line.row, geometry.left + cluster.column]
                let expected = String(decoding: sampleBook.text.utf8[cluster.bytes], as: UTF8.self)
                #expect(cell.cluster == expected)
                #expect(cell.width == cluster.width)
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func titleLinesAreStyled() {
        let screen = Self.reader(for: .title, columns: 37, rows: 12).screen()
        let titleCells = screen.cells.filter { $0.style.role == .title }
        #expect(!titleCells.isEmpty)
        #expect(titleCells.allSatisfy { $0.style.bold })
    }

    @Test func fontScaleTwoUsesTwoRowsAndTwiceTheColumnsPerGlyph() throws {
        let reader = Self.reader(for: .fontScale, columns: 80, rows: 24)
        let geometry = try #require(reader.layout.geometry)
        #expect(geometry.rowsPerGlyph == 2)
        let chapter = reader.layout.chapter(reader.location.entry)
        let lines = chapter.pages[reader.location.page].lines.map { chapter.lines[$0] }
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $1.row - $0.row >= 2 })
        let screen = reader.screen()
        let first = try #require(lines.first?.clusters.first)
        // A wide glyph takes four cells; it is drawn at its natural width in the top-left of its box.
        #expect(first.width == 4)
        #expect(screen[lines[0].row, geometry.left + first.column].width == 2)
    }
}
