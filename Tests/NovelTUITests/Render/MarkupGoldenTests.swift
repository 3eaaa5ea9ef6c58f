import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Screens of a book with markup (`MarkedBook`): the text, the style roles and the attributes of every
/// cell (`ScreenDump.attributes`), at a prime width and a common terminal.
@Suite struct MarkupGoldenTests {
    enum Scene: String, CaseIterable {
        case styled, selectedLink, note, search
    }

    static func reader(_ scene: Scene, columns: Int, rows: Int) -> Reader {
        var reader = LinkTests.reader(columns: columns, rows: rows)
        switch scene {
        case .styled: break
        case .selectedLink: reader.press(">", ">")
        case .note: reader.press(">", "Enter")
        case .search:
            // A match over a styled word takes the match's role and keeps the word's attributes.
            reader.press("/")
            reader.type("road")
            reader.press("Enter")
        }
        return reader
    }

    @Test(arguments: Scene.allCases)
    func screens(scene: Scene) {
        for (columns, rows) in [(37, 12), (80, 24)] {
            let screen = Self.reader(scene, columns: columns, rows: rows).screen()
            let dump =
                ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen) + "\n" + ScreenDump.attributes(screen)
            if let difference = Golden.compare(dump, name: "markup-\(scene.rawValue)-\(columns)x\(rows).txt") {
                Issue.record(Comment(rawValue: difference))
            }
        }
    }
}
