import Testing

@testable import NovelCore

/// `DisplayTransform` on random texts made of the pieces its rules look at, with every option and
/// profile: the map is always well formed, copied pieces show their original bytes, and turning every
/// transform off shows the text as it is.
@Suite struct DisplayTransformPropertyTests {
    static let pieces = [
        "\"", "'", "_", "\n", "\n\n", " ", "    ", "　", "春", "山", "a", "word", "-", "。", "，", "：", "詩曰：",
        "更新时间:2007-11-16 7:55:51 本章字数:4804\n", "正文 ", "www.example.com\n", "- ", "1. ", "一、", "\u{FFFD}", "When", "   ",
        "\t",
    ]

    static let profiles = [
        cjkWrapped(12), latinWrapped(12), cjkPlain,
        TextProfile(script: .latin, isHardWrapped: false, wrapWidth: nil, reason: "test"),
        TextProfile(script: .cjk, isHardWrapped: true, wrapWidth: nil, reason: "test"),
        TextProfile(script: .latin, isHardWrapped: true, wrapWidth: 12, paragraphs: .blankLines, reason: "test"),
        TextProfile(script: .cjk, isHardWrapped: true, wrapWidth: 12, paragraphs: .blankLines, reason: "test"),
        TextProfile(script: .latin, isHardWrapped: true, wrapWidth: 12, paragraphs: .indented, reason: "test"),
    ]

    static let options: [DisplayOptions] = [true, false].flatMap { smart in
        [true, false].flatMap { junk in
            DisplayOptions.Reflow.allCases.map { DisplayOptions(reflow: $0, smartQuotes: smart, hideSiteJunk: junk) }
        }
    }

    @Test func theMapIsAlwaysWellFormed() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined()
            let bytes = Array(text.utf8)
            for profile in Self.profiles {
                for option in Self.options {
                    guard let display = DisplayTransform.display(bytes, profile: profile, options: option) else {
                        continue
                    }
                    check(display, bytes, text)
                }
            }
            #expect(DisplayTransform.display(bytes, profile: cjkWrapped(12), options: .verbatim) == nil)
        }
    }

    /// Arbitrary bytes (not valid UTF-8) do not trap and keep the map within the text.
    @Test func anyBytesAreSafe() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                [0x22, 0x27, 0x0A, 0x20, 0x5F, 0xE3, 0x80, 0x81, 0xE6, 0xFF, 0xC3].randomElement(using: &generator)!
                    as UInt8
            }
            for profile in Self.profiles {
                for option in Self.options {
                    guard let display = DisplayTransform.display(bytes, profile: profile, options: option) else {
                        continue
                    }
                    check(display, bytes, "")
                }
            }
        }
    }

    func check(_ display: DisplayText, _ bytes: [UInt8], _ text: String) {
        let map = display.map
        #expect(map.displayLength == display.utf8.count)
        #expect(display.bodyStart >= 0 && display.bodyStart <= display.utf8.count)
        var previousEnd = 0
        for (index, piece) in map.pieces.enumerated() {
            let end = index + 1 < map.pieces.count ? map.pieces[index + 1].display : map.displayLength
            #expect(piece.display < end, "pieces are not empty: \(text.debugDescription)")
            #expect(piece.original.lowerBound >= previousEnd, "original ranges in order: \(text.debugDescription)")
            #expect(piece.original.upperBound <= bytes.count)
            if piece.isCopy {
                #expect(Array(display.utf8[piece.display..<end]) == Array(bytes[piece.original]))
            }
            previousEnd = piece.original.upperBound
        }
        var lastOffset = -1
        for role in display.quoteRoles {
            #expect(role.offset > lastOffset && role.offset < display.utf8.count)
            lastOffset = role.offset
        }
    }
}
