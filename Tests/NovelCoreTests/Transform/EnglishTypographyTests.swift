import Testing

@testable import NovelCore

/// English typography: straight quotes shown “ ” ‘ ’ by context, apostrophes ’, `--` an em dash; the
/// same `smartQuotes` setting and quote pairing as CJK quotes, and positions never move.
@Suite struct EnglishTypographyTests {
    let latin = TextProfile(script: .latin, isHardWrapped: false, wrapWidth: nil, reason: "test")

    @Test(arguments: [
        ("He said, \"Hello.\"\n", "He said, “Hello.”\n"),
        ("\"Yes,\" she said, \"I know.\"\n", "“Yes,” she said, “I know.”\n"),
        ("\"He told me 'go home' twice.\"\n", "“He told me ‘go home’ twice.”\n"),
        ("'Go,' he said.\n", "‘Go,’ he said.\n"),
        ("\"Who said 'Never'?\"\n", "“Who said ‘Never’?”\n"),
    ])
    func quotesOpenAndCloseByContext(text: String, expected: String) {
        #expect(shown(text, profile: latin) == expected)
    }

    @Test(arguments: [
        ("I don't know, and she won't say.\n", "I don’t know, and she won’t say.\n"),
        ("'Tis the season, and 'twas ever so.\n", "’Tis the season, and ’twas ever so.\n"),
        ("Back in the '90s it was rock 'n' roll.\n", "Back in the ’90s it was rock ’n’ roll.\n"),
        ("The Joneses' dog barked at the Smiths' cat.\n", "The Joneses’ dog barked at the Smiths’ cat.\n"),
        ("\"It's the Joneses' dog,\" he said.\n", "“It’s the Joneses’ dog,” he said.\n"),
        ("O'Brien came at eight o'clock.\n", "O’Brien came at eight o’clock.\n"),
    ])
    func apostrophesAndElisions(text: String, expected: String) {
        #expect(shown(text, profile: latin) == expected)
    }

    @Test func aQuotationOverSeveralParagraphs() {
        let text = "\"The first part of the story,\n\n\"and then the second part,\n\n\"and at last the end.\"\n"
        #expect(
            shown(text, profile: latin)
                == "“The first part of the story,\n\n“and then the second part,\n\n“and at last the end.”\n")
    }

    @Test func doubleHyphensAreEmDashes() {
        #expect(shown("It was--how shall I say--odd.\n", profile: latin) == "It was—how shall I say—odd.\n")
        #expect(shown("Mr. B---- came; a well-known man--\n", profile: latin) == "Mr. B—— came; a well-known man—\n")
        // A single hyphen and a run of three stay as written.
        #expect(shown("well-known --- odd\n", profile: latin) == "well-known --- odd\n")
    }

    @Test func smartQuotesOffShowsTheTextAsWritten() {
        let options = DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: true)
        let text = "\"Don't--\" he said.\n"
        #expect(shown(text, profile: latin, options: options) == text)
    }

    @Test func everyCurlyMarkMapsToItsStraightOriginal() throws {
        let text = "\"It's--well,\" she said.\n"
        let bytes = Array(text.utf8)
        let display = try #require(DisplayTransform.display(bytes, profile: latin, options: DisplayOptions()))
        let shownText = String(decoding: display.utf8, as: UTF8.self)
        #expect(shownText == "“It’s—well,” she said.\n")
        // Each replaced mark maps back to exactly the bytes it stands for.
        for (mark, original) in [("“", "\""), ("’", "'"), ("—", "--"), ("”", "\"")] {
            let range = try #require(shownText.utf8.firstRange(of: mark.utf8))
            let start = shownText.utf8.distance(from: shownText.utf8.startIndex, to: range.lowerBound)
            let end = shownText.utf8.distance(from: shownText.utf8.startIndex, to: range.upperBound)
            let originalRange = display.originalRange(start..<end)
            #expect(String(decoding: bytes[originalRange], as: UTF8.self) == original)
        }
    }

    @Test func cjkApostrophesInLatinWordsStayAsWritten() {
        #expect(shown("他读了 don't panic 这本书。\n", profile: cjkPlain) == "他读了 don't panic 这本书。\n")
    }
}
