import Foundation
import Testing

@testable import NovelCore

/// State and settings files written by hand: byte for byte what `JSONSerialization` wrote before (so
/// files do not change shape between versions), and read back to the same object.
@Suite struct JSONTextTests {
    static let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    static func foundation(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: options))
    }

    @Test func aStateFileAsFoundationWritesIt() throws {
        let object: [String: Any] = [
            "bookmarks": [[String: Any]](), "chapterPattern": NSNull(), "fingerprint": "144d3bbe113aa0e0",
            "history": ["back": [Any](), "forward": [Any]()],
            "position": [
                "chapterIndex": 1, "chapterTitle": "第一回  甄士隐梦幻识通灵", "offset": 10084, "percent": 0.0,
                "saved": "2026-11-24T22:15:13.565Z", "snippet": "“那道人道：\"去罢\\/\"",
            ],
            "private": false, "source": ["file": ["bytes": 30_906_198, "modified": Int64(1_795_542_971_530_248_356)]],
            "title": "红楼梦", "version": 1, "keymap": ["next": ["j", "Space"]], "ratio": 32.625, "tiny": 1e-7,
            "huge": 1e21, "third": 1.0 / 3, "negative": -12, "verbatim": true, "empty": [String: Any](),
        ]
        #expect(JSONText.pretty(object) == (try Self.foundation(object)))
    }

    @Test func everyControlCharacterIsEscapedAsFoundationEscapesIt() throws {
        let text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "é中\u{2028}𠮷"
        let object: [String: Any] = ["text": text, text: 1]
        #expect(JSONText.pretty(object) == (try Self.foundation(object)))
    }

    /// Random nested objects of every JSON kind. `wide` numbers span the whole range; otherwise they are
    /// ones Foundation's reader gives back exactly (it reads large numbers through Double or Decimal).
    static func randomObject(wide: Bool) -> [String: Any] {
        var generator = SystemRandomNumberGenerator()
        func value(depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
            case 0:
                return wide
                    ? Int.random(in: Int.min...Int.max, using: &generator)
                    : Int.random(in: -1_000_000_000...1_000_000_000, using: &generator)
            case 1:
                return wide
                    ? Double.random(in: -1e6...1e6, using: &generator)
                        * pow(10, Double(Int.random(in: -20...20, using: &generator)))
                    : Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1024
            case 2: return Bool.random(using: &generator)
            case 3:
                let scalars = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                    Unicode.Scalar(UInt32.random(in: 0..<0x3000, using: &generator)) ?? "?"
                }
                return String(String.UnicodeScalarView(scalars))
            case 4: return NSNull()
            case 5: return (0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth: depth + 1) }
            default: return object(depth: depth + 1)
            }
        }
        func object(depth: Int) -> [String: Any] {
            var object: [String: Any] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &generator) {
                // Lowercase keys of one length: code point order, which ours uses, is Foundation's order too
                // (Foundation sorts digits by their value and letters without case).
                object["k" + String(Int.random(in: 10..<40, using: &generator))] = value(depth: depth)
            }
            return object
        }
        return object(depth: 0)
    }

    @Test func randomObjectsAsFoundationWritesThem() throws {
        for _ in 0..<300 {
            let sample = Self.randomObject(wide: true)
            #expect(JSONText.pretty(sample) == (try Self.foundation(sample)))
        }
    }

    /// Read back by Foundation, the object is the one written (compared through Foundation's own text,
    /// as `NSDictionary.isEqual` tells a parsed NSNumber from a Swift number).
    @Test func randomObjectsReadBackAsTheyWere() throws {
        for _ in 0..<300 {
            let sample = Self.randomObject(wide: false)
            let back = try JSONSerialization.jsonObject(with: Data(try #require(JSONText.pretty(sample))))
            let object = try #require(back as? [String: Any])
            #expect(try Self.foundation(object) == (try Self.foundation(sample)))
        }
    }

    /// Keys in code point order (Foundation puts `k9` before `k10`; either reads back the same).
    @Test func keysInCodePointOrder() throws {
        let text = String(decoding: try #require(JSONText.pretty(["k10": 1, "k9": 2, "B": 3, "a": 4])), as: UTF8.self)
        #expect(text == "{\n  \"B\" : 3,\n  \"a\" : 4,\n  \"k10\" : 1,\n  \"k9\" : 2\n}")
    }

    @Test func whatJSONCannotHoldIsRefused() {
        #expect(JSONText.pretty(["x": Double.nan]) == nil)
        #expect(JSONText.pretty(["x": Double.infinity]) == nil)
        #expect(JSONText.pretty(["x": Date()]) == nil)
        #expect(JSONText.pretty(["x": [["y": Double.nan]]]) == nil)
    }
}
