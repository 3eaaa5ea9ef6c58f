import Foundation
import Testing

@testable import NovelCore

/// English books re-saved in Western 8-bit encodings (Windows-1252, ISO-8859-1/15) with CRLF line ends:
/// short files with a few curly quotes or accented names could pass for GBK or Big5, whose lead bytes
/// are the same high bytes, and short GBK or Big5 files could pass for Windows-1252.
struct WesternEncodingTests {
    /// The text in Windows-1252, CRLF line ends.
    static func windows1252(_ text: String) -> [UInt8] {
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        return Array(crlf.data(using: .windowsCP1252) ?? Data())
    }

    @Test(arguments: [
        "\u{201C}Well,\u{201D} said Zo\u{EB}, \u{201C}it\u{2019}s late.\u{201D}\n",
        "Chapter I.\n\nRen\u{E9}e and Andr\u{E9} walked to the caf\u{E9} in M\u{FC}nster.\n",
        "The na\u{EF}ve se\u{F1}or paid \u{A3}5 \u{2014} no more \u{2014} for the r\u{F4}le.\n",
        "\u{2018}Tis the season,\u{2019} said Bj\u{F6}rn \u{2013} and Fran\u{E7}oise agreed.\n",
    ])
    func aShortWindows1252FileIsNotTakenForGBKOrBig5(text: String) throws {
        let bytes = Self.windows1252(text)
        #expect(!bytes.isEmpty)
        let decoded = try BookLoader.decode(bytes, path: "short.txt")
        #expect(!["GB18030", "Big5", "Big5-HKSCS", "EUC-KR", "Shift_JIS", "EUC-JP"].contains(decoded.encoding))
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    @Test func anISO8859FileWithAccentedNamesDecodes() throws {
        let text = "Ren\u{E9}e, Ana\u{EF}s and J\u{FC}rgen met Se\u{F1}ora Pe\u{F1}a at the ch\u{E2}teau.\n"
        let bytes = Array(text.replacingOccurrences(of: "\n", with: "\r\n").data(using: .isoLatin1) ?? Data())
        let decoded = try BookLoader.decode(bytes, path: "latin1.txt")
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    /// The other way round: short Chinese files stay Chinese.
    @Test func aShortGBKFileIsNotTakenForWindows1252() throws {
        // 第一章　灵根 in GBK, then 他说：“好。” in GBK.
        let gbk: [UInt8] = [
            0xB5, 0xDA, 0xD2, 0xBB, 0xD5, 0xC2, 0xA1, 0xA1, 0xC1, 0xE9, 0xB8, 0xF9, 0x0D, 0x0A, 0xCB, 0xFB, 0xCB, 0xB5,
            0xA3, 0xBA, 0xA1, 0xB0, 0xBA, 0xC3, 0xA1, 0xA3, 0xA1, 0xB1, 0x0D, 0x0A,
        ]
        let decoded = try BookLoader.decode(gbk, path: "short-gbk.txt")
        #expect(decoded.encoding == "GB18030")
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "第一章　灵根\n他说：“好。”\n")
    }

    @Test func aShortBig5FileIsNotTakenForWindows1252() throws {
        // 第一回　天下 in Big5, twice.
        let line: [UInt8] = [0xB2, 0xC4, 0xA4, 0x40, 0xA6, 0x5E, 0xA1, 0x40, 0xA4, 0xD1, 0xA4, 0x55, 0x0D, 0x0A]
        let decoded = try BookLoader.decode(line + line, path: "short-big5.txt")
        #expect(decoded.encoding.hasPrefix("Big5"))
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "第一回　天下\n第一回　天下\n")
    }

    /// The text with CRLF line ends in an 8-bit encoding given by the bytes of its characters above ASCII.
    static func encoded(_ text: String, highBytes: [Unicode.Scalar: UInt8]) -> [UInt8] {
        text.replacingOccurrences(of: "\n", with: "\r\n").unicodeScalars.map {
            $0.isASCII ? UInt8($0.value) : highBytes[$0] ?? 0x3F
        }
    }

    /// ICU's detector knows neither Mac Roman nor ISO-8859-15: such books read as windows-1252 until their
    /// high bytes are judged in context (`WesternEncoding`).
    @Test func aMacRomanFileWithCurlyQuotesAndAccentsReadsAsMacRoman() throws {
        let text = "\u{201C}Well,\u{201D} said Zo\u{EB}, \u{201C}it\u{2019}s late.\u{201D}\n"
            + "Ren\u{E9}e and Andr\u{E9} walked to the caf\u{E9} in M\u{FC}nster \u{2014} at last.\n"
        // The Mac Roman bytes of the characters above ASCII.
        let macRoman: [Unicode.Scalar: UInt8] = [
            "\u{201C}": 0xD2, "\u{201D}": 0xD3, "\u{2019}": 0xD5, "\u{EB}": 0x91, "\u{E9}": 0x8E, "\u{FC}": 0x9F,
            "\u{2014}": 0xD1,
        ]
        let decoded = try BookLoader.decode(Self.encoded(text, highBytes: macRoman), path: "mac.txt")
        #expect(decoded.encoding == WesternEncoding.macRoman)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    @Test func anISO885915FileWithTheEuroSignReadsAsLatin9() throws {
        let text = "The price was 5 \u{20AC}, said \u{152}dipe to the na\u{EF}ve se\u{F1}or.\n"
            + "He paid 12 \u{20AC} for the \u{153}uvre and left.\n"
        let latin9: [Unicode.Scalar: UInt8] = ["\u{20AC}": 0xA4, "\u{152}": 0xBC, "\u{153}": 0xBD, "\u{EF}": 0xEF, "\u{F1}": 0xF1]
        let decoded = try BookLoader.decode(Self.encoded(text, highBytes: latin9), path: "latin9.txt")
        #expect(decoded.encoding == WesternEncoding.latin9)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    /// The windows-1252 files above stay windows-1252 when read the other ways too.
    @Test func windows1252TextIsNotTakenForMacRomanOrLatin9() throws {
        let text = "\u{201C}Don\u{2019}t,\u{201D} said Ren\u{E9}e \u{2014} \u{201C}not the caf\u{E9}.\u{201D}\n"
        let decoded = try BookLoader.decode(Self.windows1252(text), path: "cp1252.txt")
        #expect(decoded.encoding == WesternEncoding.windows1252)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }
}
