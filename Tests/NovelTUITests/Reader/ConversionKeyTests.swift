import NovelCore
import Testing

@testable import NovelTUI

/// The `c` key and the settings overlay's Convert row change this book's conversion live; what is on
/// screen, the titles, search and bookmarks follow, and positions stay those of the file.
@Suite struct ConversionKeyTests {
    static let traditional = makeBook(
        "第一章 頭髮\n\n" + String(repeating: "他放鬆了心情，說起往事。\n\n", count: 30) + "第二章 發展\n\n後來他們放鬆。\n")

    static func screenText(_ reader: Reader) -> String {
        let screen = reader.screen()
        return (0..<screen.rows).map { row in (0..<screen.columns).map { screen[row, $0].cluster }.joined() }.joined(
            separator: "\n")
    }

    static let simplified = makeBook(
        "第一章 头发\n\n" + String(repeating: "他放松了心情，说起这些年的往事。\n\n", count: 30) + "第二章 发展\n\n后来他们放松。\n")

    @Test func theKeyTurnsOnTheConversionTheBooksScriptNeedsAndOffAgain() {
        var reader = makeReader(book: Self.traditional)
        #expect(Self.screenText(reader).contains("放鬆"))
        var effects = reader.press("c")
        #expect(reader.bookConvert == .t2s)
        #expect(effects == [.saveBookConvert(.t2s)])
        #expect(reader.layout.settings.display.convert == .t2s)
        #expect(reader.settings.convert == .none, "the setting is left alone")
        let text = Self.screenText(reader)
        #expect(text.contains("他放松了心情") && !text.contains("放鬆"), "\(text)")
        #expect(text.contains("第一章 头发"), "the status bar shows the converted title: \(text)")
        effects = reader.press("c")
        #expect(reader.bookConvert == Conversion.none)
        #expect(effects == [.saveBookConvert(.none)])
        #expect(Self.screenText(reader).contains("放鬆"))
    }

    @Test func aSimplifiedBookIsShownInTraditional() {
        var reader = makeReader(book: Self.simplified)
        reader.press("c")
        #expect(reader.bookConvert == .s2t)
        #expect(Self.screenText(reader).contains("他放鬆了心情"))
        reader.press("c")
        #expect(reader.bookConvert == Conversion.none)
    }

    /// The full list stays in the settings; the one chosen there is what the key turns back on.
    @Test func theConversionChosenInTheSettingsIsTheOneTheKeyTurnsBackOn() {
        var reader = makeReader(book: Self.simplified)
        reader.press("s")
        let row = SettingsItem.allCases.firstIndex(of: .convert) ?? 0
        for _ in 0..<row { reader.press("Down") }
        let steps = Conversion.allCases.firstIndex(of: .s2twp) ?? 0
        for _ in 0..<steps { reader.press("Right") }
        reader.press("Esc")
        #expect(reader.bookConvert == .s2twp)
        reader.press("c")
        #expect(reader.bookConvert == Conversion.none)
        reader.press("c")
        #expect(reader.bookConvert == .s2twp)
    }

    /// Turned off and the book reopened, the key brings back the conversion chosen before, not the plain one.
    @Test func theKeyBringsBackTheChosenConversionAfterTheBookIsReopened() {
        var state = BookState(
            fingerprint: Self.simplified.fingerprint, title: "sample", lastPath: Self.simplified.path)
        state.setConvert(.s2twp)
        state.setConvert(Conversion.none)
        var reader = makeReader(state: state, book: Self.simplified)
        #expect(reader.layout.settings.display.convert == Conversion.none)
        reader.press("c")
        #expect(reader.bookConvert == .s2twp)
    }

    @Test func theSettingsRowChangesTheBooksValue() {
        var reader = makeReader(book: Self.traditional)
        reader.press("s")
        let row = SettingsItem.allCases.firstIndex(of: .convert) ?? 0
        for _ in 0..<row { reader.press("Down") }
        let effects = reader.press("Right")
        #expect(effects == [.saveBookConvert(.s2t)])
        #expect(SettingsItem.convert.value(reader.displaySettings) == "s2t")
    }

    @Test func theBooksRememberedValueIsUsedAndTheTOCShowsConvertedTitles() {
        var state = BookState(
            fingerprint: Self.traditional.fingerprint, title: "sample", lastPath: Self.traditional.path)
        state.convert = .t2s
        var reader = makeReader(state: state, book: Self.traditional)
        #expect(reader.layout.settings.display.convert == .t2s)
        reader.press("t")
        let text = Self.screenText(reader)
        #expect(text.contains("头发") && text.contains("发展"), "\(text)")
        reader.type("发展")
        reader.press("Enter")
        #expect(reader.entry == 1)
    }

    @Test func searchMatchesTheConvertedText() throws {
        var state = BookState(
            fingerprint: Self.traditional.fingerprint, title: "sample", lastPath: Self.traditional.path)
        state.convert = .t2s
        var reader = makeReader(state: state, book: Self.traditional)
        reader.press("/")
        reader.type("们放松")
        reader.press("Enter")
        let match = try #require(reader.currentMatch)
        let bytes = Array(Self.traditional.text.utf8)
        #expect(String(decoding: bytes[match], as: UTF8.self) == "們放鬆", "the match is the original bytes shown")
        // A query typed in the other script is converted too.
        reader.press("g", "/")
        reader.type("們放鬆")
        reader.press("Enter")
        #expect(reader.currentMatch == match)
        #expect(reader.message == nil || !(reader.message ?? "").hasPrefix("Not found"))
    }

    @Test func aPositionIsTheSameTextWithConversionOnOrOff() {
        var converted = makeReader(book: Self.traditional)
        converted.press("c", "Space", "Space", "j")
        let offset = converted.firstVisibleOffset
        let plain = makeReader(start: ReaderStart(offset: offset), book: Self.traditional)
        #expect(plain.firstVisibleOffset == offset)
        var back = plain
        back.press("c")
        #expect(back.firstVisibleOffset == offset, "switching the conversion keeps the first character")
    }
}
