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

/// `NO_COLOR` asks for plain output: the book's emphasis is not drawn (links stay underlined, a search
/// match keeps its role); a terminal without colors draws emphasis as any other.
@Suite struct PlainEmphasisTests {
    @Test func noColorDrawsNoEmphasis() {
        var reader = LinkTests.reader(columns: 80, rows: 24)
        reader.showsEmphasis = false
        let screen = reader.screen()
        for words in ["long road", "wind", "lamp lit", "旧信"] {
            let cells = LinkTests.cells(of: MarkedBook.range(words), in: reader, screen: screen)
            #expect(!cells.isEmpty && cells.allSatisfy { !$0.style.bold && !$0.style.italic && !$0.style.underline })
        }
        let link = LinkTests.cells(of: MarkedBook.range("example.com"), in: reader, screen: screen)
        #expect(!link.isEmpty && link.allSatisfy(\.style.underline))
        let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen) + "\n" + ScreenDump.attributes(screen)
        if let difference = Golden.compare(dump, name: "markup-nocolor-80x24.txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }

    @Test func theNoColorRuleIsASetNonEmptyVariable() {
        #expect(ThemePalette.asksNoColor(["NO_COLOR": "1"]))
        #expect(!ThemePalette.asksNoColor(["NO_COLOR": ""]))
        #expect(!ThemePalette.asksNoColor([:]))
    }

    /// A terminal without colors (monochrome) still has bold, underline and, where terminfo says so,
    /// italic: emphasis is drawn with them, and without colors.
    @Test func aMonochromeTerminalDrawsEmphasisWithAttributes() {
        let theme = TerminalTheme(palette: ThemePalette(theme: .sepia, noColor: true), colors: 0)
        let look = theme.look(Style(role: .text, bold: true, underline: true, italic: true))
        #expect(look.bold && look.underline && look.italic)
        #expect(look.foreground == -1 && look.background == -1)
    }
}
