import COpenCC
import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// novel's conversion (`PhraseConversion` over tables made from OpenCC's dictionaries) shows exactly what
/// OpenCC's own library shows, for every configuration, on text made to hit its hard cases and on text
/// cut from the corpus books; and its alignment follows every rewrite, including a key of a later stage
/// over what an earlier stage replaced.
@Suite struct PhraseConversionTests {
    /// OpenCC's library's conversion of `text`, through its C API.
    static func openCC(_ text: String, _ conversion: Conversion) throws -> String {
        let configFile = try #require(conversion.configFile)
        let handle = try #require(novel_opencc_open(configFile))
        defer { opencc_close(handle) }
        let converted = try #require(opencc_convert_utf8(handle, text, text.utf8.count))
        defer { opencc_convert_utf8_free(converted) }
        return String(cString: converted)
    }

    static let configurations = Conversion.allCases.filter { $0 != .none }

    /// Phrases that change length (U盘 → 隨身碟), phrases across a stage (演算法 in s2twp), regional words,
    /// characters with several traditional forms, Latin letters and digits inside phrases, punctuation.
    static let hardCases = """
        我们在计算机上用软件看小说。头发很长，U盘里有出租车的照片。系鞋带，放松，钟情。演算法与算法。
        乾隆年间，干部们在后面的里程碑旁边。他說：「你們頭髮與發展裡的雲端硬碟、計程車，還有記憶體。」
        鼠标、内存、硬盘、打印机、信息、网络、程序员、数码相机、面向对象、宏观、台湾、香港的公共汽车。
        髮型與干擾、乾燥、幹活、後來、皇后。一只只隻，台臺颱檯。著名的着数，瞭解了解。
        ABC的U盘123，Ｕ盘，3D打印。\u{20000}𠀀字与变体。
        """

    @Test(arguments: configurations)
    func hardCasesShowWhatOpenCCShows(conversion: Conversion) throws {
        let converter = try #require(ChineseConverter.loaded(conversion))
        for line in Self.hardCases.split(separator: "\n") + [Substring(Self.hardCases)] {
            #expect(
                converter.convert(String(line)) == (try Self.openCC(String(line), conversion)), "\(conversion): \(line)"
            )
        }
    }

    /// Slices of every corpus book's text, cut at random places and glued in a random order, so that
    /// keys meet every neighbour; each configuration on each.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusSlicesShowWhatOpenCCShows() throws {
        var generator = SeededGenerator(seed: 20_261_125)
        let books = [
            "real/hongloumeng.utf8-crlf.txt", "real/rulinwaishi.big5hkscs-crlf.txt", "real/xiyouji.gb18030-lf.txt",
        ]
        var scalars: [[Unicode.Scalar]] = []
        for path in books {
            let book = try BookOpener.open(path: Corpus.path(path))
            scalars.append(Array(String(decoding: book.text.utf8.prefix(400_000), as: UTF8.self).unicodeScalars))
        }
        for round in 0..<300 {
            var text = String.UnicodeScalarView()
            for _ in 0..<8 {
                let source = scalars[Int(generator.next() % UInt64(scalars.count))]
                let start = Int(generator.next() % UInt64(source.count - 40))
                text.append(contentsOf: source[start..<(start + 1 + Int(generator.next() % 30))])
            }
            let sample = String(text).replacingOccurrences(of: "\0", with: "")
            let conversion = Self.configurations[round % Self.configurations.count]
            let converter = try #require(ChineseConverter.loaded(conversion))
            #expect(converter.convert(sample) == (try Self.openCC(sample, conversion)), "\(conversion): \(sample)")
        }
    }

    // MARK: - Alignment, on tables made here

    /// Tables of `stages`, each a list of dictionaries of key → value.
    static func tables(_ stages: [[[String: String]]]) throws -> ConversionTables {
        let pairs = stages.map { stage in
            stage.map { dictionary in
                dictionary.keys.sorted().map { (key: Array($0.utf8), value: Array(dictionary[$0, default: ""].utf8)) }
            }
        }
        return try #require(ConversionTables.copying(ConversionTables.encode(stamp: "test", stages: pairs)))
    }

    static func align(_ text: String, _ tables: ConversionTables) -> AlignedConversion {
        Array(text.utf8).withUnsafeBufferPointer { PhraseConversion(tables: tables).align($0) }
    }

    /// Each step as (source text, shown text, replaced).
    static func steps(_ aligned: AlignedConversion, _ text: String) -> [(String, String, Bool)] {
        let source = Array(text.utf8)
        var sourceStart = 0
        var shownStart = 0
        return aligned.steps.map { step in
            defer { (sourceStart, shownStart) = (step.sourceEnd, step.shownEnd) }
            return (
                String(decoding: source[sourceStart..<step.sourceEnd], as: UTF8.self),
                String(decoding: aligned.shown[shownStart..<step.shownEnd], as: UTF8.self), step.replaced
            )
        }
    }

    @Test func aKeyThatChangesLengthMapsAsAWholeAndSameLengthKeysCharacterForCharacter() throws {
        let tables = try Self.tables([[["ab": "ab", "cd": "XYZ"]], [["ab": "éf", "cd": "XYZ"]]])
        let aligned = Self.align("xabycdz", tables)
        #expect(String(decoding: aligned.shown, as: UTF8.self) == "xéfyXYZz")
        // a → é changes the byte length: that character is replaced alone; b → f stays byte for byte.
        let steps = Self.steps(aligned, "xabycdz")
        #expect(steps.map(\.0) == ["x", "a", "by", "cd", "z"])
        #expect(steps.map(\.1) == ["x", "é", "fy", "XYZ", "z"])
        #expect(steps.map(\.2) == [false, true, false, true, false])
    }

    @Test func aLaterKeyOverPartOfAnEarlierReplacementMapsToTheUnionOfTheirSources() throws {
        // Stage 1: 12 → ABC (changes length), 3 → D; stage 2: CD → WV spans the end of one and the other.
        let tables = try Self.tables([[["123": "123"]], [["12": "ABC", "3": "D"]], [["CD": "WV"]]])
        let aligned = Self.align("01234", tables)
        #expect(String(decoding: aligned.shown, as: UTF8.self) == "0ABWV4")
        let steps = Self.steps(aligned, "01234")
        #expect(steps.map(\.0) == ["0", "123", "4"] && steps.map(\.1) == ["0", "ABWV", "4"])
        #expect(steps.map(\.2) == [false, true, false])
    }

    @Test func keysNeverMatchAcrossASegmentsEnd() throws {
        // The segmentation takes "ab" whole; "bc" in the conversion would need "b" and "c" in one segment.
        let tables = try Self.tables([[["ab": "ab"]], [["bc": "X", "ab": "ab"]]])
        #expect(String(decoding: Self.align("abc", tables).shown, as: UTF8.self) == "abc")
        // Without a segment key the run "bc" is one segment, and the key matches inside it.
        #expect(String(decoding: Self.align("xbc", tables).shown, as: UTF8.self) == "xX")
    }

    @Test func theFirstDictionaryOfAGroupWithAKeyWinsOverALongerKeyInTheNext() throws {
        let tables = try Self.tables([[[:]], [["a": "1"], ["ab": "2"]]])
        #expect(String(decoding: Self.align("ab", tables).shown, as: UTF8.self) == "1b")
        #expect(String(decoding: Self.align("xb", tables).shown, as: UTF8.self) == "xb")
    }

    @Test func valuesShownAsNothingKeepEverySourceByteMapped() throws {
        let tables = try Self.tables([[[:]], [["b": "", "d": ""]], [["c": "C"]]])
        for text in ["abcd", "b", "bd", "db", "dcb"] {
            let aligned = Self.align(text, tables)
            #expect(Self.tiles(aligned, sourceCount: text.utf8.count), "\(text)")
        }
        #expect(String(decoding: Self.align("abcd", tables).shown, as: UTF8.self) == "aC")
    }

    /// Steps contiguous from the start to both ends, same steps as long on both sides.
    static func tiles(_ aligned: AlignedConversion, sourceCount: Int) -> Bool {
        var (source, shown) = (0, 0)
        for step in aligned.steps {
            guard step.sourceEnd >= source, step.shownEnd >= shown,
                step.replaced || step.sourceEnd - source == step.shownEnd - shown
            else { return false }
            (source, shown) = (step.sourceEnd, step.shownEnd)
        }
        return source == sourceCount && shown == aligned.shown.count
    }

    @Test func bytesThatAreNotTextMatchNothingAndStay() throws {
        let tables = try Self.tables([[["ab": "ab"]], [["ab": "XY", "\u{E9}": "e"]]])
        let bytes: [UInt8] = [0x61, 0x62, 0x00, 0x61, 0xFF, 0x62, 0xC3, 0xA9, 0xC3, 0x61, 0x62, 0xE0, 0x80, 0x80]
        let aligned = bytes.withUnsafeBufferPointer { PhraseConversion(tables: tables).align($0) }
        #expect(
            aligned.shown == Array("XY".utf8) + [0x00, 0x61, 0xFF, 0x62] + Array("e".utf8) + [0xC3] + Array("XY".utf8)
                + [0xE0, 0x80, 0x80])
        #expect(Self.tiles(aligned, sourceCount: bytes.count))
    }
}
