import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// `novel sync` with `sync.legado`: every book's place is exchanged with legado's progress file as the
/// reader exchanges it, each book opened from the file it was last read from (`LegadoBook.opened`).
@Suite final class LibrarySyncLegadoTests {
    let folder: TemporaryDirectory
    let home: SyncHome
    let bookPath: String

    init() throws {
        folder = try TemporaryDirectory("novel-library-legado")
        home = try SyncHome(name: "desk")
        bookPath = home.directory.path + "/" + LegadoScenarios.fileName
        try Data(LegadoScenarios.text.utf8).write(to: URL(fileURLWithPath: bookPath))
    }

    deinit {
        folder.remove()
        home.remove()
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let legadoPath = LegadoProgress.path(name: "青灯记", author: "林远")

    /// The book opened as the reader opens it, its state left as the reader leaves it: in chapter five.
    func readInChapterFive(at time: Date) throws -> Book {
        let session = try ReadingSession.open(path: bookPath, paths: home.paths)
        let book = session.book
        let text = String(decoding: Array(book.text.utf8), as: UTF8.self)
        let found = try #require(text.range(of: "第五章的第2段"))
        let offset = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
        try home.states.update(fingerprint: book.fingerprint, title: book.title, path: bookPath) { state in
            state.save(
                ReadingPosition(
                    offset: offset, chapterIndex: 4, chapterTitle: "第五章 第5夜", snippet: "", percent: 70,
                    saved: time))
            state.source = book.text.sourceStamp
        }
        return book
    }

    /// legado's older file: chapter two, an hour before, with a field novel does not know.
    func writeOlderLegadoFile(to store: FolderSyncStore) throws -> Data {
        let object: [String: Any] = [
            "name": "青灯记", "author": "林远", "durChapterIndex": 1, "durChapterPos": 0,
            "durChapterTime": Int64(Self.start.addingTimeInterval(-3600).timeIntervalSince1970 * 1000),
            "durChapterTitle": "第二章 第2夜", "bookUrl": "content://books/青灯记.txt",
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try store.write(data, to: Self.legadoPath)
        return data
    }

    func library(_ store: FolderSyncStore, legado: Bool) -> LibrarySync {
        let paths = home.paths
        let opening: @Sendable (BookState) -> LegadoBook? = { LegadoBook.opened(for: $0, paths: paths) }
        return LibrarySync(sync: home.sync(store), paths: paths, legadoBook: legado ? opening : nil)
    }

    @Test func novelsNewerPlaceIsWrittenForLegadoWithItsOwnFieldsKept() throws {
        let store = FolderSyncStore(root: folder.path)
        _ = try readInChapterFive(at: Self.start)
        _ = try writeOlderLegadoFile(to: store)
        let summary = try library(store, legado: true).syncAll(now: Self.start)
        #expect(summary.books == 1)
        #expect(summary.legadoWritten == 1)
        let written = try #require(try store.read(Self.legadoPath, limit: 1 << 16))
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(object["durChapterIndex"] as? Int == 4)
        #expect(object["durChapterTitle"] as? String == "第五章 第5夜")
        #expect(object["bookUrl"] as? String == "content://books/青灯记.txt")
        // Nothing newer since: the next sync leaves legado's file alone.
        let again = try library(store, legado: true).syncAll(now: Self.start.addingTimeInterval(60))
        #expect(again.legadoWritten == 0)
        #expect(try store.read(Self.legadoPath, limit: 1 << 16) == written)
    }

    @Test func withoutTheSettingLegadosFileIsLeftAlone() throws {
        let store = FolderSyncStore(root: folder.path)
        _ = try readInChapterFive(at: Self.start)
        let legadoFile = try writeOlderLegadoFile(to: store)
        let summary = try library(store, legado: false).syncAll(now: Self.start)
        #expect(summary.books == 1)
        #expect(summary.legadoWritten == 0)
        #expect(try store.read(Self.legadoPath, limit: 1 << 16) == legadoFile)
    }

    @Test func aBookWhoseFileNowHoldsOtherTextIsSyncedWithoutLegado() throws {
        let store = FolderSyncStore(root: folder.path)
        let book = try readInChapterFive(at: Self.start)
        let legadoFile = try writeOlderLegadoFile(to: store)
        try Data((LegadoScenarios.text + "第七章 后记\n　　又一夜。\n").utf8).write(to: URL(fileURLWithPath: bookPath))
        #expect(
            LegadoBook.opened(for: try #require(home.states.load(fingerprint: book.fingerprint)), paths: home.paths)
                == nil)
        let summary = try library(store, legado: true).syncAll(now: Self.start)
        #expect(summary.books == 1)
        #expect(summary.legadoWritten == 0)
        #expect(try store.read(Self.legadoPath, limit: 1 << 16) == legadoFile)
        // Its record was shared all the same.
        #expect(try store.list(SyncRecord.devicesFolder) == [home.device.id])
    }
}
