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
}
