import NovelTestSupport
import Testing

@testable import NovelCore

/// The `c` key's choice: the book's script from its characters, and the conversion switched on or off.
@Suite struct ConversionToggleTests {
    @Test(arguments: [
        ("他说这些年他们过得还好，没有什么可说的。", HanVariant.simplified),
        ("他說這些年他們過得還好，沒有什麼可說的。", .traditional),
        // A Traditional book quoting a Simplified line keeps its script.
        ("他說這些年他們過得還好。引文：这是。", .traditional),
    ])
    func theScriptIsReadFromTheCharacters(text: String, script: HanVariant) {
        #expect(HanVariant.of(TestBooks.book(String(repeating: text + "\n", count: 3)).text) == script)
    }

    @Test func tooFewCharactersTellNothing() {
        #expect(HanVariant.of(TestBooks.book("It was the best of times.\n").text) == nil)
        #expect(HanVariant.of(TestBooks.book("他说。\n").text) == nil)
    }

    @Test func theKeySwitchesBetweenNoneAndTheConversionThatSuits() {
        #expect(Conversion.none.toggled(chosen: nil, script: .simplified) == .s2t)
        #expect(Conversion.none.toggled(chosen: nil, script: .traditional) == .t2s)
        #expect(Conversion.none.toggled(chosen: nil, script: nil) == .s2t)
        for conversion in Conversion.allCases where conversion != .none {
            #expect(conversion.toggled(chosen: conversion, script: .simplified) == Conversion.none)
        }
    }

    /// The one chosen in the settings comes back, unless it reads the other script.
    @Test func theChosenConversionComesBackWhenItReadsTheBooksScript() {
        #expect(Conversion.none.toggled(chosen: .s2twp, script: .simplified) == .s2twp)
        #expect(Conversion.none.toggled(chosen: .hk2s, script: .traditional) == .hk2s)
        #expect(Conversion.none.toggled(chosen: .s2twp, script: .traditional) == .t2s)
        #expect(Conversion.none.toggled(chosen: .tw2sp, script: nil) == .tw2sp)
        #expect(Set(Conversion.allCases.compactMap(\.source)) == [.simplified, .traditional])
    }
}
