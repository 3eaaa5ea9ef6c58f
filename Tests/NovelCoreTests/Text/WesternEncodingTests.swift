import Foundation
import Testing

@testable import NovelCore

/// English books re-saved in Western 8-bit encodings (Windows-1252, ISO-8859-1/15) with CRLF line ends:
/// short files with a few curly quotes or accented names could pass for GBK or Big5, whose lead bytes
/// are the same high bytes, and short GBK or Big5 files could pass for Windows-1252.
struct WesternEncodingTests {
    /// The text in Windows-1252, with CRLF line ends unless told otherwise.
    static func windows1252(_ text: String, lineEnd: String = "\r\n") -> [UInt8] {
        Array(text.replacingOccurrences(of: "\n", with: lineEnd).data(using: .windowsCP1252) ?? Data())
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

    /// The text in an 8-bit encoding given by the bytes of its characters above ASCII, with CRLF line ends
    /// unless told otherwise.
    static func encoded(_ text: String, highBytes: [Unicode.Scalar: UInt8], lineEnd: String = "\r\n") -> [UInt8] {
        text.replacingOccurrences(of: "\n", with: lineEnd).unicodeScalars.map {
            $0.isASCII ? UInt8($0.value) : highBytes[$0] ?? 0x3F
        }
    }

    /// Line ends as real files come: DOS, Unix and (for Mac Roman) classic Mac.
    static let lineEnds = ["\r\n", "\n"]

    /// ICU's detector knows neither Mac Roman nor ISO-8859-15: such books read as windows-1252 until their
    /// high bytes are judged in context (`WesternEncoding`).
    @Test(arguments: lineEnds + ["\r"])
    func aMacRomanFileWithCurlyQuotesAndAccentsReadsAsMacRoman(lineEnd: String) throws {
        let text =
            "\u{201C}Well,\u{201D} said Zo\u{EB}, \u{201C}it\u{2019}s late.\u{201D}\n"
            + "Ren\u{E9}e and Andr\u{E9} walked to the caf\u{E9} in M\u{FC}nster \u{2014} at last.\n"
            + "\u{2018}Tr\u{E8}s bien,\u{2019} he said \u{2013} \u{E0} propos of the gar\u{E7}on\u{2019}s cr\u{EA}pes\u{2026}\n"
        // The Mac Roman bytes of the characters above ASCII.
        let macRoman: [Unicode.Scalar: UInt8] = [
            "\u{201C}": 0xD2, "\u{201D}": 0xD3, "\u{2018}": 0xD4, "\u{2019}": 0xD5, "\u{2013}": 0xD0,
            "\u{2014}": 0xD1, "\u{2026}": 0xC9, "\u{EB}": 0x91, "\u{E9}": 0x8E, "\u{E8}": 0x8F, "\u{E0}": 0x88,
            "\u{E7}": 0x8D, "\u{EA}": 0x90, "\u{FC}": 0x9F,
        ]
        let decoded = try BookLoader.decode(Self.encoded(text, highBytes: macRoman, lineEnd: lineEnd), path: "mac.txt")
        #expect(decoded.encoding == WesternEncoding.macRoman)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    @Test(arguments: lineEnds)
    func anISO885915FileWithTheEuroSignReadsAsLatin9(lineEnd: String) throws {
        let text =
            "The price was 5 \u{20AC}, said \u{152}dipe to the na\u{EF}ve se\u{F1}or.\n"
            + "He paid 12 \u{20AC} for the \u{153}uvre and left.\n"
        let latin9: [Unicode.Scalar: UInt8] = [
            "\u{20AC}": 0xA4, "\u{152}": 0xBC, "\u{153}": 0xBD, "\u{EF}": 0xEF, "\u{F1}": 0xF1,
        ]
        let decoded = try BookLoader.decode(
            Self.encoded(text, highBytes: latin9, lineEnd: lineEnd), path: "latin9.txt")
        #expect(decoded.encoding == WesternEncoding.latin9)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    /// The windows-1252 files above stay windows-1252 when read the other ways too: ™ (0x99) after a word,
    /// accented small letters inside and at the end of words, curly quotes and dashes (0x91–0x97).
    @Test(arguments: lineEnds)
    func windows1252TextIsNotTakenForMacRomanOrLatin9(lineEnd: String) throws {
        let text =
            "\u{201C}Don\u{2019}t,\u{201D} said Ren\u{E9}e \u{2014} \u{201C}not the caf\u{E9}.\u{201D}\n"
            + "\u{2018}Tr\u{E8}s bien,\u{2019} he answered \u{2013} \u{E0} propos of nothing \u{2013} in the Rue Moli\u{E8}re.\n"
            + "The Acme\u{2122} stove was a gift from her p\u{E8}re; the gar\u{E7}on brought cr\u{E8}me br\u{FB}l\u{E9}e\u{2026}\n"
        let bytes = Self.windows1252(text, lineEnd: lineEnd)
        #expect(bytes.contains(0x99) && bytes.contains(0x93) && bytes.contains(0x97))
        let decoded = try BookLoader.decode(bytes, path: "cp1252.txt")
        #expect(decoded.encoding == WesternEncoding.windows1252)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    /// How a Gutenberg book in windows-1252 comes: a licence that names Project Gutenberg™ again and again,
    /// straight quotes, and only here and there a French word. Read as Mac Roman, every ™ is a plausible
    /// `ô` at the end of a word, so the French words (chÈrie, soupÁon, ‡ la mort) must count against it.
    @Test(arguments: lineEnds)
    func aGutenbergLicenceWithTrademarksAndAFewFrenchWordsStaysWindows1252(lineEnd: String) throws {
        let licence = """
            This eBook is for the use of anyone anywhere at no cost and with almost no restrictions
            whatsoever. Project Gutenberg\u{2122} is a registered trademark, and may not be used if you charge
            for an eBook, except by following the terms of the Project Gutenberg\u{2122} License. Copying and
            distributing Project Gutenberg\u{2122} electronic works is allowed where the full Project
            Gutenberg\u{2122} License is kept with them.


            """
        let story = """
            "Ma ch\u{E9}rie," said the old lady, with a soup\u{E7}on of scorn in her voice, "you will fight
            \u{E0} la mort for that bonnet, I dare say."

            The girls laughed, and Nell said that the hat was not worth a quarrel. They went down to the
            kitchen, where Hannah had left the kettle on, and sat by the fire until the clock struck nine.

            "It is a fine thing to be na\u{EF}ve," said Nell at last, "but a finer one to be right."


            """
        let text = licence + story + licence + licence + licence
        let bytes = Self.windows1252(text, lineEnd: lineEnd)
        #expect(bytes.count(where: { $0 == 0x99 }) == 16 && bytes.contains(0xE9) && bytes.contains(0xE7))
        let decoded = try BookLoader.decode(bytes, path: "gutenberg.txt")
        #expect(decoded.encoding == WesternEncoding.windows1252)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    /// Bytes that mean the same in all three (£, ©, ±, µ, ¢) give no reason to leave windows-1252.
    @Test(arguments: lineEnds)
    func whereEveryReadingAgreesWindows1252Wins(lineEnd: String) throws {
        let text =
            "The bill came to \u{A3}12 and 6\u{A2}, give or take \u{B1}1; the plate was 5 \u{B5}m thick.\n"
            + "Copyright \u{A9} 1901 by the author. All rights reserved.\n"
        let bytes = Self.windows1252(text, lineEnd: lineEnd)
        #expect(bytes.allSatisfy { [0xA2, 0xA3, 0xA9, 0xB1, 0xB5].contains($0) || $0 < 0x80 })
        let decoded = try BookLoader.decode(bytes, path: "agree.txt")
        #expect(decoded.encoding == WesternEncoding.windows1252)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    /// How each reading of one high byte is judged, with the neighbours it has in real text.
    @Test(arguments: [
        // windows-1252 read as Mac Roman: chérie, soupçon, à la mort, château, “Well.
        ("\u{C8}", "h", "r", WesternEncoding.Fit.implausible), ("\u{C1}", "p", "o", .implausible),
        ("\u{2021}", " ", " ", .implausible), ("\u{201A}", "h", "t", .implausible), ("\u{EC}", " ", "W", .implausible),
        // The same bytes in windows-1252.
        ("\u{E9}", "h", "r", .plausible), ("\u{E9}", "f", " ", .plausible), ("\u{E0}", " ", " ", .neither),
        ("\u{201C}", " ", "W", .plausible),
        // 0x99 after a word: ™ in windows-1252, ô in Mac Roman, a C1 control in ISO-8859-15.
        ("\u{2122}", "g", " ", .plausible), ("\u{F4}", "g", " ", .plausible), ("\u{99}", "g", " ", .implausible),
        // Mac Roman read as windows-1252: it’s, Renée, Müller; and capitals that do start words.
        ("\u{D5}", "t", "s", .implausible), ("\u{17D}", "n", "e", .implausible), ("\u{178}", "M", "l", .neither),
        ("\u{2019}", "t", "s", .plausible), ("\u{C9}", " ", "m", .plausible), ("\u{C9}", "F", " ", .plausible),
        // Accents that stand alone (ˆ is a modifier letter): no letter of a word. An acute accent typed for
        // an apostrophe (it´s) breaks the word in both readings (Mac Roman: it¥s), a curly quote does not.
        ("\u{2C6}", "o", "n", .implausible), ("\u{B4}", "t", "s", .implausible), ("\u{A5}", "t", "s", .implausible),
        ("\u{2018}", "n", "t", .neither),
    ])
    func eachHighByteIsJudgedByItsNeighbours(
        character: Unicode.Scalar, before: Unicode.Scalar, after: Unicode.Scalar, expected: WesternEncoding.Fit
    ) {
        #expect(WesternEncoding.fit(character, before: before, after: after) == expected)
    }
}
