import Foundation
import Testing

@testable import NovelCore

/// The reader of settings and state files (issue 38, item 11): the objects `JSONSerialization` gives for
/// what it can read, strict JSON only, and a number no Swift number holds kept as written instead of the
/// whole file being refused (`1e400`) or the number wrapped (`9223372036854775808`).
@Suite struct JSONTextParseTests {
    /// Foundation's pretty text of what each reader made of `bytes`.
    static func bothReadings(_ bytes: [UInt8]) throws -> (ours: [UInt8], foundation: [UInt8]) {
        let ours = try #require(JSONText.parse(bytes) as? [String: Any])
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return (try JSONTextTests.foundation(ours), try JSONTextTests.foundation(theirs))
    }

    @Test func randomObjectsReadAsFoundationReadsThem() throws {
        for _ in 0..<300 {
            let bytes = try JSONTextTests.foundation(JSONTextTests.randomObject(wide: false))
            let (ours, foundation) = try Self.bothReadings(bytes)
            #expect(ours == foundation)
        }
    }

    @Test func handWrittenFilesReadAsFoundationReadsThem() throws {
        let samples = [
            #"{"width":60,"fontScale":1.5,"statusBar":false,"keymap":{"next-page":["Space","z"]},"x":null}"#,
            "\u{FEFF}{ \"a\" : [ 1 , -0 , 2.5e3 , 1E-2 , true ] , \"b\" : { } , \"c\" : [ ] }\r\n",
            #"{"escapes":"\"\\\/\b\f\n\r\t\u00e9\u4e2d\ud83d\ude00","repeated":1,"repeated":2}"#,
            "{\"中文\":\"青灯记\",\"n\":9223372036854775807,\"m\":-9223372036854775808}",
        ]
        for sample in samples {
            let (ours, foundation) = try Self.bothReadings(Array(sample.utf8))
            #expect(ours == foundation, "\(sample)")
        }
    }

    @Test(arguments: [
        "", "{", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{'a':1}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}",
        "{\"a\":+1}", "{\"a\":1e}", "{\"a\":tru}", "{\"a\":\"\u{01}\"}", "{\"a\":\"\\x\"}", "{\"a\":\"\\ud800\"}",
        "{\"a\":\"\\udc00\"}", "{\"a\":\"\\u12\"}", "{} {}", "{\"a\":NaN}", "{\"a\":Infinity}",
    ])
    func whatIsNotStrictJSONIsRefused(_ text: String) {
        #expect(JSONText.parse(Array(text.utf8)) == nil)
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(JSONText.parse([UInt8]("{\"a\":\"".utf8) + [0xC7, 0xE0] + [UInt8]("\"}".utf8)) == nil)
    }

    /// A file nested past any real one is refused, not recursed into until the stack runs out.
    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONText.parse(Array("{\"a\":\(deep)}".utf8)) == nil)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(JSONText.parse(Array("{\"a\":\(fine)}".utf8)) != nil)
    }

    @Test(arguments: [
        "1e400", "-1e400", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1e309",
    ])
    func aNumberPastSwiftsNumbersIsKeptAsWritten(_ number: String) throws {
        let object = try #require(JSONText.parse(Array("{\"width\":60,\"x\":\(number)}".utf8)) as? [String: Any])
        #expect(object["x"] as? JSONNumberLiteral == JSONNumberLiteral(text: number))
        #expect(StateValue.int(object["x"]) == nil)
        #expect(StateValue.int64(object["x"]) == nil)
        #expect(StateValue.double(object["x"]) == nil)
        #expect(StateValue.int(object["width"]) == 60)
        // Written back as it was: a later save keeps what the user wrote.
        let written = String(decoding: try #require(JSONText.pretty(object)), as: UTF8.self)
        #expect(written.contains("\"x\" : \(number)\n"))
    }

    @Test func theLargestIntegersStayIntegers() throws {
        let text = "{\"high\":9223372036854775807,\"low\":-9223372036854775808,\"small\":1e5}"
        let object = try #require(JSONText.parse(Array(text.utf8)) as? [String: Any])
        #expect(StateValue.int64(object["high"]) == Int64.max)
        #expect(StateValue.int64(object["low"]) == Int64.min)
        #expect(StateValue.int(object["small"]) == 100_000)
    }
}
