import Foundation
import NovelCore
import NovelTUI

/// A book's state file alone (settings stay the defaults): the input is the sample book's state, also
/// read as the reading totals and the session log beside it (`novel stats`' days, chart and report). `@BOOK@` stands for the book's path, which a state needs to be
/// found by path (`StateFuzzTarget`). The history of books read and the first-screen preview read it,
/// the book opens with it, a bookmark is added and removed on the file, the state is written back (and
/// what is written reads back as it was written), and a reader shows it, its bookmarks and its jumps.
enum BookStateFuzzTarget {
    static let target = FuzzTarget(
        name: "book-state",
        summary: "a book's state file (BookStateStore): preview, open, bookmarks, write-back, reader",
        dictionaries: ["json.dict", "book-state.dict"],
        run: { bytes in
            let home = FuzzHome.shared
            let file = home.expandingRoot(StateFuzzTarget.expandingBook(bytes))
            let store = BookStateStore(paths: home.paths)
            home.clear(home.paths.stateDirectory)
            home.write(file, to: store.path(fingerprint: BookFingerprint.of(home.bookText.utf8)))
            home.write(file, to: store.stateDirectory + "/reading.json")
            home.write(file, to: ReadingLog(paths: home.paths).path)
            let overall = ReadingTotals(paths: home.paths).load()
            // The session log, as `novel stats` reads it, counts it and draws it.
            let log = ReadingLog(paths: home.paths).load()
            let statistics = ReadingStatistics(
                log: log.entries, states: store.recent(), overall: overall, now: Date(), timeZone: .current,
                dayCount: 366)
            for width in [1, 20, 80] { _ = StatisticsReport.lines(statistics, width: width, blockCells: 1 + width % 2) }
            for state in store.recent() { _ = state.minutesLeft(overall: overall) }
            // A window smaller than the sample book, so that the preview is made from the state's stamp.
            if let preview = BookPreview.open(path: home.bookPath, paths: home.paths, window: 512) {
                FuzzCheck.require(
                    (0...preview.book.text.utf8.count).contains(preview.offset),
                    "book-state: the preview opens at \(preview.offset), outside its text")
            }
            guard let session = try? ReadingSession.open(path: home.bookPath, paths: home.paths) else { return }
            _ = session.state?.minutesLeft(overall: overall)
            // As `novel bookmarks --add` and `--delete` do: on the file, under its lock.
            if let added = try? session.update({ $0.addBookmark(in: session.book, offset: 100, note: "fuzz") }) {
                let stored = session.store.load(fingerprint: session.book.fingerprint)?.bookmarks ?? []
                FuzzCheck.require(
                    stored.filter { $0.id == added.id }.count == 1,
                    "book-state: bookmark \(added.id) is not stored once")
                _ = try? session.update { try $0.removeBookmark(id: added.id) }
            }
            // Written back (the bookmark's two writes went through the writer, `JSONText`, with the file's
            // unknown keys, whatever JSON they hold): a state the store wrote reads back as it was written.
            if let written = try? session.update({ $0 }) {
                let again = try? session.update { $0 }
                FuzzCheck.require(again == written, "book-state: the state written does not read back the same")
            }
            var reader = Reader(
                book: session.book, settings: Settings(),
                state: session.store.load(fingerprint: session.book.fingerprint),
                columns: 40, rows: 12, start: ReaderStart())
            _ = reader.screen()
            let keys: [Key] = [
                .pageDown, .character("B"), .down, .enter, .control("o"), .control("n"), .character("L"),
            ]
            for (step, key) in keys.enumerated() {
                _ = reader.handle(.key(key), now: Double(step))
                _ = reader.screen()
            }
        },
        seeds: { file in
            // The state the stores write after a reading session at an offset from the seed: a place, two
            // bookmarks, a jump, reading time, the file's stamp.
            let home = FuzzHome.shared
            guard let (session, offset) = home.seedSession(from: file) else { return [] }
            let length = home.bookText.utf8.count
            func place(_ offset: Int) -> ReadingPosition {
                ReadingPosition(
                    offset: offset, chapterIndex: 1, chapterTitle: "第1章", snippet: "标题", percent: 12.5,
                    saved: FuzzHome.bookModified)
            }
            _ = try? session.update { state in
                state.save(place(offset))
                state.addBookmark(in: session.book, offset: offset, note: "笔记")
                state.addBookmark(in: session.book, offset: length / 2, note: nil)
                state.history.leave(place(0))
                state.reading = ReadingTime(characters: offset, seconds: 60, sessions: 1)
            }
            guard let written = home.read(session.store.path(fingerprint: session.book.fingerprint)) else { return [] }
            return [home.placingRoot(StateFuzzTarget.placingBook(written))]
        })
}
