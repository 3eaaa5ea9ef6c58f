import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// An illustration shown as its caption is one dimmed line on the reader's screen.
struct IllustrationScreenTests {
    static let text =
        "CHAPTER I.\n\nThe lane ran down to the mill.\n\n[Illustration: The mill]\n\nShe stopped at the gate.\n"

    @Test func aCaptionLineIsDimmedAndTheTextIsNot() throws {
        var settings = Settings()
        settings.illustrations = .caption
        let reader = makeReader(columns: 37, rows: 12, settings: settings, book: makeBook(Self.text))
        let screen = reader.screen()
        let rows = ScreenDump.text(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let styles = ScreenDump.styles(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let caption = try #require(rows.firstIndex { $0.contains("▣ The mill") })
        let prose = try #require(rows.firstIndex { $0.contains("She stopped") })
        #expect(styles[caption].contains("d"))
        #expect(!styles[prose].contains("d"))
    }

    @Test func rawShowsTheBlockAsWritten() {
        var settings = Settings()
        settings.illustrations = .raw
        let reader = makeReader(columns: 37, rows: 12, settings: settings, book: makeBook(Self.text))
        #expect(ScreenDump.text(reader.screen()).contains("[Illustration: The mill]"))
    }
}
