import NovelCore
import Testing

@testable import NovelTUI

/// The one rule for leaving overlays, Ctrl-C and Ctrl-Z (docs/keys.md, "Leaving overlays").
@Suite struct OverlayKeysTests {
    /// Each overlay and the key that opens it by default.
    static let openers: [(key: String, overlay: String)] = [
        ("t", "toc"), ("R", "chapterRule"), ("'", "bookmarks"), ("s", "settings"), ("x", "rules"), ("H", "help"),
        ("L", "library"), ("i", "statistics"), ("/", "prompt"),
    ]

    static func kind(_ overlay: Overlay?) -> String? {
        switch overlay {
        case .toc: "toc"
        case .chapterRule: "chapterRule"
        case .bookmarks: "bookmarks"
        case .prompt: "prompt"
        case .settings: "settings"
        case .rules: "rules"
        case .help: "help"
        case .library: "library"
        case .statistics: "statistics"
        case .hideLike: "hideLike"
        case .note: "note"
        case .searchHits: "searchHits"
        case nil: nil
        }
    }

    @Test(arguments: openers)
    func escapeClosesEveryOverlay(opener: (key: String, overlay: String)) {
        var reader = makeReader()
        reader.press(opener.key)
        #expect(Self.kind(reader.overlay) == opener.overlay)
        reader.press("Esc")
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test(arguments: openers.filter { !["toc", "prompt"].contains($0.overlay) })
    func qClosesAnOverlayWithoutATextField(opener: (key: String, overlay: String)) {
        var reader = makeReader()
        reader.press(opener.key)
        #expect(Self.kind(reader.overlay) == opener.overlay)
        #expect(reader.press("q").isEmpty)
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test func qIsTextInTheTOCFilterAndInAPrompt() throws {
        var reader = makeReader()
        reader.press("t")
        reader.type("q")
        guard case .toc(let toc) = reader.overlay else {
            Issue.record("the TOC closed on q")
            return
        }
        #expect(toc.filter == "q")
        // Tab, the TOC's own key that is not a character, closes it.
        reader.press("Tab")
        #expect(reader.overlay == nil)
        reader.press("/")
        reader.type("q")
        #expect(reader.overlay == .prompt(Prompt(kind: .search(.forward), text: "q")))
    }

    @Test func theKeyThatOpenedAnOverlayClosesItAsTheKeymapBindsIt() {
        var settings = Settings()
        settings.keymap = ["bookmarks": ["M"], "settings": ["S"]]
        var reader = makeReader(settings: settings)
        reader.press("M")
        #expect(Self.kind(reader.overlay) == "bookmarks")
        // The default key, now unbound, does not close it; the override does.
        reader.press("B")
        #expect(Self.kind(reader.overlay) == "bookmarks")
        reader.press("M")
        #expect(reader.overlay == nil)
        reader.press("S")
        #expect(Self.kind(reader.overlay) == "settings")
        reader.press("s")
        #expect(Self.kind(reader.overlay) == "settings")
        reader.press("S")
        #expect(reader.overlay == nil)
    }

    @Test func anOverriddenQuitKeyClosesOverlaysAndQIsNoLongerIt() {
        var settings = Settings()
        settings.keymap = ["quit": ["Q"]]
        var reader = makeReader(settings: settings)
        reader.press("'")
        reader.press("q")
        #expect(Self.kind(reader.overlay) == "bookmarks")
        reader.press("Q")
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test func controlCQuitsFromAnOverlayAndFromTheBossScreenSavingThePlace() {
        for opener in ["t", "'", "/", "`"] {
            var reader = makeReader(start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
            reader.press(opener)
            let shown = reader.firstVisibleOffset
            let actions = reader.press("C-c")
            #expect(reader.isFinished, "after \(opener)")
            guard actions.count == 2, case .saveProgress(let saved) = actions[0], actions[1] == .quit else {
                Issue.record("after \(opener): \(actions)")
                continue
            }
            #expect(saved.offset == shown && shown == sampleBook.index.entries[2].range.lowerBound)
        }
    }

    @Test func controlZSavesThePlaceAndAsksToSuspend() {
        var reader = makeReader(start: ReaderStart(offset: sampleBook.index.entries[1].range.lowerBound))
        reader.press("t")
        let actions = reader.press("C-z")
        guard actions.count == 2, case .saveProgressNow(let saved) = actions[0], actions[1] == .suspend else {
            Issue.record("\(actions)")
            return
        }
        #expect(saved.offset == reader.firstVisibleOffset)
        #expect(!reader.isFinished)
        // The overlay stays as it was: fg brings the same screen back.
        #expect(Self.kind(reader.overlay) == "toc")
    }

    @Test func controlCAndControlZCannotBeRebound() {
        #expect(Keymap.problems(in: ["toc": ["C-c"]]) == ["toc: 'C-c' is reserved (digits, Enter, C-c, C-z)"])
        #expect(Keymap.problems(in: ["help": ["C-z"]]) == ["help: 'C-z' is reserved (digits, Enter, C-c, C-z)"])
    }

    @Test func theHelpOverlayListsTheRule() {
        let reader = makeReader()
        let help = reader.keymap.helpLines()
        for keys in ["Esc", "q", "C-c", "C-z"] {
            #expect(help.contains { $0.keys == keys }, "help lacks \(keys)")
        }
    }
}
