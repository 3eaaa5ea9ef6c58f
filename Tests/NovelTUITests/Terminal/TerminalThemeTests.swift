import NovelCore
import Testing

@testable import NovelTUI

/// Emphasis is no color: bold, italic and underline stay with `NO_COLOR` and in every theme; italic is
/// drawn only where the terminal has an italic mode.
@Suite struct TerminalThemeTests {
    static let emphasis = Style(role: .text, bold: true, underline: true, italic: true)

    @Test(arguments: Settings.Theme.allCases, [true, false])
    func emphasisIsKeptWithoutColor(theme: Settings.Theme, noColor: Bool) {
        let terminal = TerminalTheme(palette: ThemePalette(theme: theme, noColor: noColor), colors: noColor ? 0 : 256)
        let look = terminal.look(Self.emphasis)
        #expect(look.bold && look.italic && look.underline)
        #expect(!terminal.look(Style.text).italic)
    }

    @Test func aTerminalWithoutItalicsDrawsItalicPlain() {
        let terminal = TerminalTheme(
            palette: ThemePalette(theme: .terminal, noColor: true), colors: 0, italics: false)
        let look = terminal.look(Self.emphasis)
        #expect(!look.italic)
        #expect(look.bold && look.underline)
    }

    @Test func aSelectedLinkIsReversedAndUnderlinedInEveryTheme() {
        let selected = Style(role: .text, reverse: true, underline: true)
        for theme in Settings.Theme.allCases {
            for noColor in [false, true] {
                let terminal = TerminalTheme(palette: ThemePalette(theme: theme, noColor: noColor), colors: 256)
                #expect(terminal.look(selected).reverse && terminal.look(selected).underline, "\(theme) \(noColor)")
            }
        }
    }
}
