import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The window title never names the book unless the `bookInTitle` setting asks for it.
@Suite struct WindowTitleTests {
    @Test func theTitleIsLeftAloneAndTheBossKeysReturnSaysOnlyNovel() {
        var reader = makeReader()
        #expect(reader.windowTitle == nil)
        reader.press("`")
        let back = reader.press("`")
        #expect(back == [.setWindowTitle("novel")])
    }

    @Test func bookInTitleNamesTheBookAtStartAndAfterTheBossKey() {
        var settings = Settings()
        settings.bookInTitle = true
        var reader = makeReader(settings: settings)
        #expect(reader.windowTitle == "novel — sample")
        let hidden = reader.press("`")
        #expect(hidden.contains(.setWindowTitle(BossScreen.title)))
        #expect(reader.press("`") == [.setWindowTitle("novel — sample")])
    }

    @Test func theAppSetsTheTitleAtStartOnlyWhenAsked() {
        for named in [false, true] {
            var settings = Settings()
            settings.bookInTitle = named
            var reader = makeReader(settings: settings)
            let terminal = TitleRecorder()
            _ = ReaderApp.run(&reader, terminal: terminal, pending: [.key(.character("q"))], storage: NoStorage())
            #expect(terminal.titles == (named ? ["novel — sample"] : []))
        }
    }
}

/// A terminal that records the titles set and quits when its events run out.
private final class TitleRecorder: TerminalDevice {
    var titles: [String] = []
    var size: (columns: Int, rows: Int) { (37, 12) }
    func draw(_ screen: Screen) {}
    func nextInput(timeout: Double?) -> TerminalInput { .event(.key(.character("q"))) }
    func setTheme(_ theme: Settings.Theme) {}
    func restore() {}
    func setTitle(_ title: String) { titles.append(title) }
}

private struct NoStorage: ReaderStorage {
    func saveProgress(_ position: ReadingPosition) throws -> BookState? { nil }
    func saveSettings(_ settings: Settings) throws {}
    func addBookmark(_ bookmark: Bookmark) throws -> (bookmark: Bookmark, stored: BookState?) { (bookmark, nil) }
    func deleteBookmark(id: String) throws -> BookState? { nil }
    func setBookmarkNote(id: String, note: String?) throws -> BookState? { nil }
    func saveChapterPattern(_ pattern: String?) throws {}
    func saveBookReflow(_ reflow: DisplayOptions.Reflow) throws {}
    func saveHistory(_ history: JumpHistory) throws {}
    func saveReadingTime(_ reading: ReadingTime) throws {}
    func saveBookConvert(_ conversion: Conversion) throws {}
    func saveRuleSwitch(name: String, enabled: Bool) throws {}
    func addRule(_ rule: CleaningRule) throws {}
}
