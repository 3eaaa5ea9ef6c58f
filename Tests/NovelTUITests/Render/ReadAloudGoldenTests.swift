import NovelCore
import NovelSpeech
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The sentence being read aloud, bold and underlined on the page, as the engine's event left it: in a
/// colored theme, the night theme and with `NO_COLOR`. The dump shows the text, each cell's attributes
/// and how the terminal draws the highlight in that theme (attributes, not colors, so none loses it).
@Suite struct ReadAloudGoldenTests {
    @Test(arguments: [(Settings.Theme.day, false), (.night, false), (.terminal, true)])
    func theSentenceSpoken(theme: Settings.Theme, noColor: Bool) throws {
        var settings = Settings()
        settings.theme = theme
        var reader = makeReader(
            settings: settings, start: ReaderStart(offset: sampleBook.index.entries[1].range.lowerBound))
        reader.showsEmphasis = !noColor
        reader.press("A")
        let request = try #require(reader.speechRequest)
        // A sentence in the middle of a paragraph, across a line end.
        let index = request.first + 2
        reader.speechReported([
            .progress(generation: request.generation, SpeechProgress(sentence: index, event: .started))
        ])
        let screen = reader.screen()
        let terminal = TerminalTheme(palette: ThemePalette(theme: theme, noColor: noColor), colors: 256)
        let look = terminal.look(Style(role: .text, bold: true, underline: true))
        #expect(look.bold && look.underline)
        let dump =
            ScreenDump.text(screen) + "\n" + ScreenDump.attributes(screen)
            + "\nhighlight: bold \(look.bold), underline \(look.underline), reverse \(look.reverse), "
            + "colors \(look.foreground)/\(look.background)\n"
        let marked = (0..<screen.rows).flatMap { row in (0..<screen.columns).map { screen[row, $0] } }.filter {
            $0.style.bold && $0.style.underline
        }
        #expect(!marked.isEmpty)
        let name = "read-aloud-\(theme.rawValue)\(noColor ? "-no-color" : "").txt"
        if let difference = Golden.compare(dump, name: name) { Issue.record(Comment(rawValue: difference)) }
    }
}
