import Foundation
import Testing

@testable import NovelCore

/// A book's own reflow and conversion: a flag beats the book's value, which beats the setting; both are
/// kept in its state under the setting's name.
@Suite struct BookChoiceTests {
    @Test func theFlagThenTheBookThenTheSetting() {
        #expect(ConversionChoice(given: .t2s, book: .s2t, setting: .none).value == .t2s)
        #expect(ConversionChoice(given: nil, book: .s2t, setting: .none).description == "this book's convert = s2t")
        #expect(ConversionChoice(given: nil, book: nil, setting: .none).description == "none")
        #expect(ConversionChoice(given: nil, book: nil, setting: .s2hk).description == "setting convert = s2hk")
        #expect(ReflowChoice(given: .on, book: nil, setting: .auto).description == "--reflow on")
        var settings = Settings()
        settings.convert = .s2t
        #expect(settings.forBook(reflow: nil, convert: nil).convert == .s2t)
        #expect(settings.forBook(reflow: .off, convert: .t2s).display == DisplayOptions(reflow: .off, convert: .t2s))
    }

    @Test func theStateKeepsTheBooksConversion() {
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/b.txt")
        state.convert = .s2twp
        let object = state.merged(into: [:])
        #expect(object["convert"] as? String == "s2twp")
        var warnings: [String] = []
        let read = BookState(object: object, fingerprint: "f", warnings: &warnings, path: "state.json")
        #expect(read.convert == .s2twp && warnings.isEmpty)
        var bad = object
        bad["convert"] = "s2x"
        let ignored = BookState(object: bad, fingerprint: "f", warnings: &warnings, path: "state.json")
        #expect(ignored.convert == nil)
        #expect(warnings == ["state.json: convert must be one of \(Conversion.names), not s2x; ignored"])
    }
}
