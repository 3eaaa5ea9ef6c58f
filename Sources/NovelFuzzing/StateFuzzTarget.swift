import Foundation
import NovelCore
import NovelTUI

/// Settings and per-book state JSON: the input is written as settings.json and as the sample book's state
/// (and as the state of an older version of it, which re-anchoring reads), then the book is opened with
/// them, its state is written back, and a reader shows its first screen. `@BOOK@` in the input stands for the book's path, which a
/// state needs to be found by path.
enum StateFuzzTarget {
    static let bookPlaceholder = "@BOOK@"

    static let target = FuzzTarget(
        name: "state", summary: "settings.json and book state JSON loading, opening a book with them",
        dictionaries: ["json.dict", "settings.dict", "book-state.dict"],
        run: { bytes in
            let home = FuzzHome.shared
            let json = expandingBook(bytes)
            let stateFile = BookStateStore(paths: home.paths).path(fingerprint: BookFingerprint.of(home.bookText.utf8))
            home.clear(home.paths.stateDirectory)
            home.clear(home.paths.configDirectory)
            home.write(bytes.count % 2 == 0 ? json : bytes, to: stateFile)
            home.write(json, to: BookStateStore(paths: home.paths).path(fingerprint: "0123456789abcdef"))
            home.write(json, to: home.paths.settingsFile)
            let settings = SettingsStore(paths: home.paths).load().settings
            _ = BookStateStore(paths: home.paths).latestSummary(lastPath: home.bookPath)
            guard let session = try? ReadingSession.open(path: home.bookPath, paths: home.paths) else { return }
            // Written back: the file's unknown keys, whatever JSON they hold, go through the writer
            // (`JSONText`) along with the dates and places read from it.
            _ = try? session.update { $0.position = $0.position }
            var reader = Reader(
                book: session.book, settings: settings, state: session.state, columns: 40, rows: 12,
                start: ReaderStart())
            _ = reader.screen()
            _ = reader.handle(.key(.pageDown), now: 1)
            _ = reader.screen()
        },
        seeds: { file in
            // A real state and settings file, written by the stores, with an offset and bookmark from the seed.
            let home = FuzzHome.shared
            guard let (session, offset) = home.seedSession(from: file) else { return [] }
            _ = try? session.update { state in
                state.position = ReadingPosition(
                    offset: offset, chapterIndex: 1, chapterTitle: "第1章", snippet: "标题", percent: 12.5, saved: Date())
                state.bookmarks.append(
                    Bookmark(
                        id: "1", offset: offset, chapterIndex: 1, chapterTitle: "第1章", snippet: "你好", note: "笔记",
                        created: Date()))
            }
            let stateFile = BookStateStore(paths: home.paths).path(fingerprint: session.book.fingerprint)
            guard let state = FileManager.default.contents(atPath: stateFile) else { return [] }
            let text = String(decoding: placingBook(Array(state)), as: UTF8.self)
            var settings = Settings()
            settings.width = 20 + offset % 60
            try? SettingsStore(paths: home.paths).save(settings)
            let settingsFile = FileManager.default.contents(atPath: home.paths.settingsFile).map { Array($0) } ?? []
            return [Array(text.utf8), settingsFile]
        })

    /// The input as lossy UTF-8 with `bookPlaceholder` as the sample book's path.
    static func expandingBook(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.replacingOccurrences(of: bookPlaceholder, with: FuzzHome.shared.bookPath).utf8)
    }

    /// A state file written by the store, with the sample book's path as `bookPlaceholder`.
    static func placingBook(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.replacingOccurrences(of: FuzzHome.shared.bookPath, with: bookPlaceholder).utf8)
    }
}
