import NovelCore
import Testing

@testable import NovelTUI

/// The boss key (`` ` ``): the innocent screen and title at once, the position saved, the page back.
struct BossKeyTests {
    static func hasCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3000...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
    }

    @Test func hidesEverythingSavesThePositionAndComesBackToTheSamePage() throws {
        var reader = makeReader(columns: 37, rows: 12)
        reader.press("]", "Space")
        let page = reader.screen()
        let position = reader.position
        let hiding = reader.press("`")
        guard case .saveProgressNow(let saved) = hiding.first else {
            Issue.record("no position saved: \(hiding)")
            return
        }
        #expect(saved.offset == position.offset)
        #expect(hiding.dropFirst() == [.setWindowTitle(BossScreen.title)])
        let hidden = reader.screen().textRows.joined(separator: "\n")
        #expect(!Self.hasCJK(hidden) && !Self.hasCJK(BossScreen.title))
        #expect(hidden.hasPrefix(String(BossScreen.prompt.prefix(20))))
        // Every row is the fake session's: the last one a prompt.
        #expect(
            reader.screen().textRows.last?.hasPrefix(BossScreen.prompt.trimmingCharacters(in: .whitespaces)) == true)
        // Other keys do nothing while hidden.
        #expect(reader.press("Space", "t", "q").isEmpty)
        #expect(!reader.isFinished)
        #expect(reader.press("`") == [.setWindowTitle(BossScreen.readerTitle)])
        #expect(reader.screen() == page)
    }

    @Test func inAPromptTheKeyIsTypedAndARebindingWorks() throws {
        var reader = makeReader()
        reader.press("/")
        reader.type("`")
        guard case .prompt(let prompt) = reader.overlay else {
            Issue.record("the search prompt closed")
            return
        }
        #expect(prompt.text == "`")
        var settings = Settings()
        settings.keymap = ["boss-key": ["F12"]]
        var rebound = makeReader(settings: settings)
        #expect(rebound.press("F12").last == .setWindowTitle(BossScreen.title))
        #expect(rebound.press("`").isEmpty)
    }

    @Test func fillsScreensOfAnySize() {
        for (columns, rows) in [(1, 1), (20, 3), (80, 24), (200, 60)] {
            let screen = BossScreen.screen(columns: columns, rows: rows)
            #expect(screen.textRows.count == rows)
            #expect(screen.textRows.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty || columns < 2 })
        }
    }
}
