import Testing

@testable import NovelCore

/// Illustrations and editorial notes: never running text; one caption line, hidden or as written.
@Suite struct EditorialBlockTests {
    let latin = latinWrapped(70)

    func options(_ mode: DisplayOptions.Illustrations) -> DisplayOptions {
        DisplayOptions(reflow: .auto, smartQuotes: true, hideSiteJunk: true, illustrations: mode)
    }

    static let before = "The lane ran down between two walls of grey stone towards the mill and\nthe river.\n\n"
    static let after = "\nShe stopped at the gate and looked back once before going on down the\nhill.\n"

    @Test(arguments: [
        ("[Illustration]\n", "▣ Illustration\n"),
        ("[Illustration: The mill in winter]\n", "▣ The mill in winter\n"),
        (
            "[Illustration:\n\n              THE MILL\n\n        _From a drawing by the author_]\n",
            "▣ THE MILL From a drawing by the author\n"
        ),
        ("[Illustration: The sign read [CLOSED] in red]\n", "▣ The sign read [CLOSED] in red\n"),
        ("[_Copyright 1894 by A. N. Example._]\n", "▣ Copyright 1894 by A. N. Example.\n"),
        (
            "[Transcriber's Note: Obvious misprints have been corrected.]\n",
            "▣ Transcriber's Note: Obvious misprints have been corrected.\n"
        ),
    ])
    func aBlockIsOneCaptionLine(block: String, caption: String) {
        let text = Self.before + block + Self.after
        #expect(
            shown(text, profile: latin, options: options(.caption)) == Self.joined(Self.before) + caption
                + Self.joined(Self.after))
    }

    /// The paragraphs around as the reflow shows them.
    static func joined(_ text: String) -> String {
        text.replacingOccurrences(of: "and\nthe", with: "and the").replacingOccurrences(
            of: "the\nhill", with: "the hill")
    }

    @Test func hiddenBlocksLeaveNothing() {
        let text = Self.before + "[Illustration:\n   THE MILL]\n" + Self.after
        #expect(
            shown(text, profile: latin, options: options(.hide)) == Self.joined(Self.before) + Self.joined(Self.after))
    }

    @Test func rawBlocksAreAsWrittenAndNeverJoined() {
        let text = "The lane ran on.\n[Illustration:\n   THE MILL]\nShe stopped.\n"
        let wrapped = latinWrapped(16)
        let raw = shown(text, profile: wrapped, options: options(.raw))
        #expect(raw.contains("[Illustration:\n   THE MILL]\n"))
    }

    @Test func footnoteMarkersAndBracketsInProseStay() {
        let text =
            "He wrote it down.[1] Then [after a while] he slept.\n[1] A note at the foot.\n[Illustration] and then he went\n"
        #expect(
            shown(
                text, profile: TextProfile(script: .latin, isHardWrapped: false, wrapWidth: nil, reason: "t"),
                options: options(.caption)) == text)
    }

    @Test func aCaptionMapsToTheWholeBlock() throws {
        let block = "[Illustration: The mill]\n"
        let text = "Before.\n\n" + block + "\nAfter.\n"
        let bytes = Array(text.utf8)
        let display = try #require(DisplayTransform.display(bytes, profile: latin, options: options(.caption)))
        let shownText = String(decoding: display.utf8, as: UTF8.self)
        let start = try #require(shownText.utf8.firstRange(of: "▣".utf8)).lowerBound
        let offset = shownText.utf8.distance(from: shownText.utf8.startIndex, to: start)
        let blockStart = "Before.\n\n".utf8.count
        #expect(display.originalRange(offset..<(offset + 3)) == blockStart..<(blockStart + block.utf8.count - 1))
    }
}
