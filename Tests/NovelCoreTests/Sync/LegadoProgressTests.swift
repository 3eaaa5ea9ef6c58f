import Foundation
import NovelCore
import Synchronization
import Testing

/// A store in memory, for the codec's reads and writes over the `SyncStore` protocol.
final class MemorySyncStore: SyncStore {
    let files = Mutex<[String: Data]>([:])

    func list(_ folder: String) throws(SyncError) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return files.withLock { files in
            Set(
                files.keys.filter { $0.hasPrefix(prefix) }.map {
                    String($0.dropFirst(prefix.count).split(separator: "/")[0])
                }
            )
            .sorted()
        }
    }

    func read(_ path: String, limit: Int) throws(SyncError) -> Data? {
        guard let data = files.withLock({ $0[path] }) else { return nil }
        guard data.count <= limit else { throw .tooLarge(store: "memory", path: path, limit: limit) }
        return data
    }

    func write(_ data: Data, to path: String) throws(SyncError) {
        files.withLock { $0[path] = data }
    }
}

struct LegadoProgressTests {
    /// A file as legado writes it (GSON, compact), with fields of newer versions novel does not know.
    static let legadoFile = Data(
        #"{"name":"青灯记","author":"佚名","durChapterIndex":12,"durChapterPos":345,"durChapterTime":1732700000123,"#
            .appending(#""durChapterTitle":"第十三章 夜雨","bookUrl":"/storage/青灯记.txt","tocUrl":"","#)
            .appending(#""origin":"loc_book","extra":{"list":[1,2.5,true,null]}}"#).utf8)

    @Test func legadosFileIsReadWithItsUnknownFieldsKept() throws {
        let progress = try LegadoProgress(decoding: Self.legadoFile, store: "s", path: "p")
        #expect(progress.name == "青灯记")
        #expect(progress.author == "佚名")
        #expect(progress.chapterIndex == 12)
        #expect(progress.chapterPosition == 345)
        #expect(progress.time == 1_732_700_000_123)
        #expect(progress.chapterTitle == "第十三章 夜雨")
        #expect(Set(progress.otherFields.keys) == ["bookUrl", "tocUrl", "origin", "extra"])
        #expect(progress.otherFields["bookUrl"] as? String == "/storage/青灯记.txt")
    }

    @Test func aFileWrittenBackHoldsTheSameFieldsAndValues() throws {
        var progress = try LegadoProgress(decoding: Self.legadoFile, store: "s", path: "p")
        progress.chapterPosition = 999
        let again = try LegadoProgress(decoding: progress.encoded(), store: "s", path: "p")
        #expect(again.chapterPosition == 999)
        #expect(again.time == progress.time)
        #expect(again.chapterTitle == progress.chapterTitle)
        let original = try #require(try JSONSerialization.jsonObject(with: Self.legadoFile) as? [String: Any])
        var written = try #require(try JSONSerialization.jsonObject(with: progress.encoded()) as? [String: Any])
        written["durChapterPos"] = 345
        #expect(NSDictionary(dictionary: written) == NSDictionary(dictionary: original))
    }

    @Test func aMissingOrNullTitleIsNil() throws {
        let base = #"{"name":"a","author":"b","durChapterIndex":0,"durChapterPos":0,"durChapterTime":1"#
        #expect(try LegadoProgress(decoding: Data((base + "}").utf8), store: "s", path: "p").chapterTitle == nil)
        let null = Data((base + #","durChapterTitle":null}"#).utf8)
        #expect(try LegadoProgress(decoding: null, store: "s", path: "p").chapterTitle == nil)
    }

    @Test(arguments: [
        #"{"name":"a","author":"b","durChapterIndex":0,"durChapterPos":0,"durChapterTime":1,}"#,
        #"{"name":"a","author":"b","durChapterIndex":"3","durChapterPos":0,"durChapterTime":1}"#,
        #"{"name":"a","author":"b","durChapterIndex":-1,"durChapterPos":0,"durChapterTime":1}"#,
        #"{"name":"a","author":"b","durChapterIndex":1.5,"durChapterPos":0,"durChapterTime":1}"#,
        #"{"name":"a","author":"b","durChapterIndex":1,"durChapterPos":0}"#,
        #"{"name":"a","durChapterIndex":1,"durChapterPos":0,"durChapterTime":1}"#,
        #"{"name":"a","author":"b","durChapterIndex":1,"durChapterPos":0,"durChapterTime":1,"durChapterTitle":7}"#,
        #"[{"name":"a"}]"#, "", "{'name':'a'}",
    ])
    func whatIsNotLegadosShapeIsMalformed(text: String) {
        #expect {
            try LegadoProgress(decoding: Data(text.utf8), store: "s", path: "p")
        } throws: { error in
            if case .malformed(let store, let path, _) = error as? SyncError { return store == "s" && path == "p" }
            return false
        }
    }

    @Test func aFileOverTheLimitIsRefused() {
        let padding = String(repeating: " ", count: LegadoProgress.sizeLimit)
        let text = Data(
            (#"{"name":"a","author":"b","durChapterIndex":0,"durChapterPos":0,"durChapterTime":1}"# + padding).utf8)
        #expect(throws: SyncError.tooLarge(store: "s", path: "p", limit: LegadoProgress.sizeLimit)) {
            try LegadoProgress(decoding: text, store: "s", path: "p")
        }
    }

    @Test func thePathIsLegadosNameUnderscoreAuthorWithReservedCharactersReplaced() {
        #expect(LegadoProgress.path(name: "青灯记", author: "佚名") == "bookProgress/青灯记_佚名.json")
        #expect(LegadoProgress.path(name: "a/b:c?", author: "d\\e|\"f\"") == "bookProgress/a_b_c__d_e__f_.json")
        #expect(SyncPath.isValid(LegadoProgress.path(name: "..", author: "\u{1}")))
    }

    @Test func progressIsWrittenToAndReadFromAStore() throws {
        let store = MemorySyncStore()
        #expect(try LegadoProgress.read(from: store, storeName: "memory", name: "青灯记", author: "佚名") == nil)
        let progress = LegadoProgress(
            name: "青灯记", author: "佚名", chapterIndex: 3, chapterPosition: 40, time: 1_700_000_000_000,
            chapterTitle: "第四章")
        try progress.write(to: store)
        #expect(store.files.withLock { Array($0.keys) } == ["bookProgress/青灯记_佚名.json"])
        let read = try #require(try LegadoProgress.read(from: store, storeName: "memory", name: "青灯记", author: "佚名"))
        #expect(read.chapterIndex == 3 && read.chapterPosition == 40 && read.chapterTitle == "第四章")
    }
}
