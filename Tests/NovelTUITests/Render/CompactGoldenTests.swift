import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Snapshots of the compact reader: a one-row and a three-row terminal at a prime width, the progress
/// mark on and off, a chapter's title row, and `--lines 2` in a full-size terminal.
@Suite struct CompactGoldenTests {
    static let cases: [(name: String, columns: Int, rows: Int, lines: Int?, statusBar: Bool)] = [
        ("1row", 37, 1, nil, true), ("3rows", 37, 3, nil, true), ("3rows-nomark", 37, 3, nil, false),
        ("lines2", 41, 8, 2, true),
    ]

    @Test(arguments: cases.indices)
    func screens(index: Int) {
        let scene = Self.cases[index]
        var settings = Settings()
        settings.statusBar = scene.statusBar
        var reader = Reader(
            book: sampleBook, settings: settings, state: nil, columns: scene.columns, rows: scene.rows,
            start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound), lines: scene.lines)
        // The title row first, then a screen further on.
        var dump = ScreenDump.text(reader.screen()) + "\n" + ScreenDump.styles(reader.screen())
        reader.press("Space", "j")
        dump += "\n" + ScreenDump.text(reader.screen()) + "\n" + ScreenDump.styles(reader.screen())
        let name = "compact-\(scene.name)-\(scene.columns)x\(scene.rows).txt"
        if let difference = Golden.compare(dump, name: name) { Issue.record(Comment(rawValue: difference)) }
    }
}
