import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The tables made from OpenCC's dictionaries, on disk: made once and kept, mapped by later loads, made
/// again when OpenCC's data changes; a damaged file is never trusted, whatever its bytes.
@Suite struct ConversionTablesTests {
    static func sampleTables() throws -> [UInt8] {
        let pairs = zip(["头", "头发", "发", "发展", "U盘"], ["頭", "頭髮", "發", "發展", "隨身碟"]).map {
            (key: Array($0.utf8), value: Array($1.utf8))
        }
        return ConversionTables.encode(stamp: "stamp 1", stages: [[pairs], [pairs]])
    }

    static func convert(_ text: String, _ tables: ConversionTables) -> String {
        String(
            decoding: Array(text.utf8).withUnsafeBufferPointer { PhraseConversion(tables: tables).align($0).shown },
            as: UTF8.self)
    }

    @Test func tablesReadBackFromTheirFileConvertAsMade() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = try Self.sampleTables()
        let path = try folder.write("t.tables", bytes)
        let made = try #require(ConversionTables.copying(bytes))
        let read = try #require(ConversionTables.read(path, stamp: "stamp 1"))
        #expect(Self.convert("头发与发展，U盘", made) == "頭髮与發展，隨身碟")
        #expect(Self.convert("头发与发展，U盘", read) == "頭髮与發展，隨身碟")
        #expect(ConversionTables.read(path, stamp: "stamp 2") == nil)
        #expect(ConversionTables.read(folder.path + "/missing.tables", stamp: "stamp 1") == nil)
    }

    /// Every cut of the file and every single byte changed: refused, or read and converting without a
    /// trap into valid UTF-8 (a changed slot or pool byte can only change what a key shows).
    @Test func aDamagedFileIsRefusedOrHarmless() throws {
        let bytes = try Self.sampleTables()
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            #expect(ConversionTables.copying(Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[index] ^= flip
                guard let tables = ConversionTables.copying(damaged) else { continue }
                let shown = Array("头发与发展，U盘".utf8).withUnsafeBufferPointer {
                    PhraseConversion(tables: tables).align($0)
                }
                #expect(UTF8Validator.isValid(shown.shown) && !shown.shown.contains(0), "byte \(index) ^ \(flip)")
                #expect(shown.sourceEnd == "头发与发展，U盘".utf8.count)
            }
        }
    }

    @Test func theConverterKeepsItsTablesAndRemakesThemWhenTheyDoNotFit() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.path + "/opencc-t2s.tables"
        let stamp = try #require(ChineseConverter.stamp(.t2s))

        let first = try ChineseConverter(configFile: "t2s.json", conversion: .t2s, tableFolder: folder.path)
        #expect(first.convert("頭髮與發展") == "头发与发展")
        let kept = try #require(ConversionTables.read(file, stamp: stamp), "the tables were kept")
        #expect(kept.stages.count == first.tables.stages.count)

        // A file made from other data (another stamp), and a damaged one, are made anew and replaced.
        for replacement in [try Self.sampleTables(), Array("NOVELOCC1\n".utf8) + [UInt8](repeating: 0xFF, count: 64)] {
            try Data(replacement).write(to: URL(fileURLWithPath: file))
            let remade = try ChineseConverter(configFile: "t2s.json", conversion: .t2s, tableFolder: folder.path)
            #expect(remade.convert("頭髮與發展") == "头发与发展")
            #expect(ConversionTables.read(file, stamp: stamp) != nil)
        }
    }
}
