import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// File names as bytes (`RawPath`) and what reaches a terminal (`TerminalSafe`).
@Suite struct RawPathTests {
    /// 青灯记 in GBK: not UTF-8.
    static let gbkName: [UInt8] = [0xC7, 0xE0, 0xB5, 0xC6, 0xBC, 0xC7] + Array(".txt".utf8)

    @Test func aDirectoryListsItsNamesAsBytesWithoutDots() throws {
        let home = try TemporaryDirectory("novel-raw-names")
        defer { home.remove() }
        let raw = RawPath.string(fromBytes: Self.gbkName.map { CChar(bitPattern: $0) })
        let descriptor = RawPath.withCString(home.path + "/" + raw) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        _ = try home.write("青灯记.txt", "x")
        _ = try home.write(".hidden", "x")
        let names = try #require(RawPath.names(inDirectory: home.path))
        #expect(names.sorted() == [".hidden", raw, "青灯记.txt"].sorted())
        #expect(RawPath.bytes(of: try #require(names.first { RawPath.hasRawBytes($0) })) == Self.gbkName)
        #expect(RawPath.names(inDirectory: home.path + "/missing") == nil)
    }

    @Test(arguments: [
        gbkName, Array("青灯记.txt".utf8), [0xFF], [0x80, 0x41], [0xE9, 0x9D], [0xED, 0xA0, 0x80],
        Array("\u{10FF80}".utf8), [0xC0, 0xAF], Array("a\u{1B}b".utf8),
    ])
    func everyByteStringComesBackExactly(bytes: [UInt8]) {
        let name = RawPath.string(fromBytes: bytes.map { CChar(bitPattern: $0) })
        #expect(RawPath.bytes(of: name) == bytes)
        #expect(RawPath.string(fromBytes: RawPath.bytes(of: name).map { CChar(bitPattern: $0) }) == name)
    }

    @Test func validUTF8IsLeftAsItIs() {
        let name = RawPath.string(fromBytes: Array("青灯记.txt".utf8).map { CChar(bitPattern: $0) })
        #expect(name == "青灯记.txt" && !RawPath.hasRawBytes(name))
    }

    @Test func aGBKNamedFileOpens() throws {
        let home = try TemporaryDirectory("novel-raw-path")
        defer { home.remove() }
        let name = home.path + "/" + RawPath.string(fromBytes: Self.gbkName.map { CChar(bitPattern: $0) })
        let descriptor = RawPath.withCString(name) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        _ = Array("第一章　开始\n　　正文。\n".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let book = try BookOpener.open(path: name)
        #expect(book.text.utf8.count > 0)
        #expect(ReadingSession.absolutePath(name) == name)
        // C6 BC happens to be valid UTF-8 (U+01BC): only the other bytes are raw.
        #expect(TerminalSafe.escaped(book.title) == "\\xC7\\xE0\\xB5\u{01BC}\\xC7")
    }

    @Test(arguments: [
        ("x\u{1B}[2Jy", "x\\e[2Jy"), ("a\u{07}b", "a\\x07b"), ("c\u{9B}31m", "c\\u{9B}31m"), ("d\u{7F}", "d\\x7F"),
        ("line\nnext\t\r", "line\\nnext\\t\\r"), ("青灯记", "青灯记"),
        // Bidi controls and the other invisible format characters (issue 38, item 10).
        ("a\u{202E}b", "a\\u{202E}b"), ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
        ("\u{200F}\u{200E}\u{061C}", "\\u{200F}\\u{200E}\\u{61C}"),
        ("z\u{200B}w\u{FEFF}", "z\\u{200B}w\\u{FEFF}"), ("soft\u{AD}hyphen", "soft\\u{AD}hyphen"),
        ("\u{E0001}", "\\u{E0001}"),
        // Kept: joiners and tags spell emoji and words; a concatenation mark is visible; punctuation is text.
        ("👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"), ("می\u{200C}خواهم", "می\u{200C}خواهم"),
        (
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        ),
        ("\u{0600}١", "\u{0600}١"), ("“他说——”……，！", "“他说——”……，！"), ("é\u{00A0}ß", "é\u{00A0}ß"),
    ])
    func controlsAreEscaped(text: String, shown: String) {
        #expect(TerminalSafe.escaped(text) == shown)
        #expect(TerminalSafe.needsEscaping(text) == (text != shown))
    }

    @Test func wholeLinesKeepTheirLayout() {
        #expect(TerminalSafe.escaped("a\tb\nc\u{0C}\n\u{1B}", keepingLayout: true) == "a\tb\nc\u{0C}\n\\e")
        #expect(TerminalSafe.escaped("a\u{202E}b\n", keepingLayout: true) == "a\\u{202E}b\n")
    }

    /// `needsEscaping` looks at eight ASCII bytes at a time: a control at any place of a longer line, alone
    /// or beside another, is still found, and a line of printable ASCII (with a character of another
    /// script after it) still needs nothing.
    @Test func aControlIsFoundAtEveryPlaceOfALongLine() {
        let line = Array("CHAPTER XII. The Storm over the Hills".utf8)
        #expect(!TerminalSafe.needsEscaping(String(decoding: line, as: UTF8.self)))
        #expect(!TerminalSafe.needsEscaping(String(decoding: line, as: UTF8.self) + "é 青"))
        let controls: [UInt8] = Array(0x00..<0x20) + [0x7F]
        for place in line.indices {
            for control in controls {
                var changed = line
                changed[place] = control
                let text = String(decoding: changed, as: UTF8.self)
                #expect(TerminalSafe.needsEscaping(text), "byte \(control) at \(place)")
                let layout: Set<UInt8> = [0x09, 0x0A, 0x0C]
                #expect(TerminalSafe.needsEscaping(text, keepingLayout: true) == !layout.contains(control))
            }
            for printable in UInt8(0x20)...0x7E {
                var changed = line
                changed[place] = printable
                #expect(!TerminalSafe.needsEscaping(String(decoding: changed, as: UTF8.self)))
            }
        }
    }
}
