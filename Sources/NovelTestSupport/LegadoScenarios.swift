import Foundation
import NovelCore

/// The place exchanged with legado (`sync.legado`), written once over a store factory like
/// `SyncScenarios`: the folder store and the WebDAV server run the same ones. legado's progress files are
/// of our own writing in its format (`name`, `author`, `durChapterIndex`, `durChapterPos`, `durChapterTime`,
/// `durChapterTitle`, and a field novel does not know).
public enum LegadoScenarios {
    typealias Failure = SyncScenarios.Failure

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Failure(message()) }
    }

    /// A book as legado would import it from a file named `《青灯记》作者：林远.txt`: six chapters of a few
    /// paragraphs, indented as such files are.
    public static let fileName = "《青灯记》作者：林远.txt"

    public static let text: String = (1...6).map { number -> String in
        let numerals = ["一", "二", "三", "四", "五", "六"]
        let paragraphs = (1...5).map { line in
            "　　第\(numerals[number - 1])章的第\(line)段，雨落在青石板上，灯下的人翻过一页。"
        }
        return "第\(numerals[number - 1])章 第\(number)夜\n" + paragraphs.joined(separator: "\n") + "\n"
    }.joined(separator: "\n")

    /// The book written into `home` and opened as the reader opens it.
    static func openBook(in home: SyncHome) throws -> Book {
        let path = home.directory.path + "/" + fileName
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try BookOpener.open(path: path)
    }

    /// The byte offset of `words` in the book's text.
    static func offset(of words: String, in book: Book) throws -> Int {
        let text = String(decoding: Array(book.text.utf8), as: UTF8.self)
        guard let range = text.range(of: words) else { throw Failure("'\(words)' is not in the book") }
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    /// legado's characters into a chapter for a place at the start of its paragraph `paragraph` (from 0):
    /// the title and its line end, then each paragraph before indented by two and ended by a line end, then
    /// the paragraph's own indent.
    static func legadoPosition(title: String, paragraph: Int) -> Int {
        let paragraphUnits = "第一章的第1段，雨落在青石板上，灯下的人翻过一页。".utf16.count
        return title.utf16.count + 1 + paragraph * (2 + paragraphUnits + 1) + 2
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    /// Both directions through one store: legado's newer place is offered on open (by its chapter's title,
    /// and by its index where the title is legado's own), never written over; novel's newer place is written
    /// into legado's file with the field novel does not know kept, and reads back as the same place; a
    /// legado file that is not legado's JSON is a warning and left as it is.
    public static func exchange(store makeStore: SyncScenarios.StoreFactory) throws {
        let home = try SyncHome(name: "laptop")
        defer { home.remove() }
        let book = try openBook(in: home)
        let legadoBook = LegadoBook(book: book)
        try check(
            legadoBook.name == "青灯记" && legadoBook.author == "林远",
            "legado names the book '\(legadoBook.name)' by '\(legadoBook.author)'")
        try check(legadoBook.chapters.count == 6, "\(legadoBook.chapters.count) chapters, not 6")
        let store = try makeStore()
        let path = LegadoProgress.path(name: "青灯记", author: "林远")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try home.states.update(fingerprint: book.fingerprint, title: book.title, path: book.path) { state in
            state.save(
                ReadingPosition(
                    offset: 0, chapterIndex: 0, chapterTitle: "第一章 第1夜", snippet: "", percent: 0, saved: start))
        }
        let sync = home.sync(store)

        // legado's newer place, its chapter named as novel names it: offered on open, and left as it is.
        func legadoFile(index: Int, title: String, paragraph: Int, at time: Date) -> Data {
            let object: [String: Any] = [
                "name": "青灯记", "author": "林远", "durChapterIndex": index,
                "durChapterPos": legadoPosition(title: title, paragraph: paragraph),
                "durChapterTime": milliseconds(time), "durChapterTitle": title, "bookUrl": "content://books/青灯记.txt",
            ]
            return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        }
        let phoneTime = start.addingTimeInterval(3600)
        let phoneFile = legadoFile(index: 2, title: "第三章 第3夜", paragraph: 3, at: phoneTime)
        try store.write(phoneFile, to: path)
        guard let opened = try sync.sync(fingerprint: book.fingerprint, legado: legadoBook, now: phoneTime) else {
            throw Failure("no outcome for a book with a state")
        }
        let expected = try offset(of: "第三章的第4段", in: book)
        try check(
            opened.offer?.position.offset == expected && opened.offer?.position.deviceName == "legado",
            "offered \(String(describing: opened.offer)), not legado's place at \(expected)")
        try check(
            opened.offer?.message(now: phoneTime, key: "P").contains("第三章 第3夜 on legado") == true,
            "the offer says '\(opened.offer?.message(now: phoneTime, key: "P") ?? "")'")
        try check(opened.legadoWritten == nil, "legado's newer place was written over")
        try check(try store.read(path, limit: 1 << 16) == phoneFile, "legado's newer file changed")

        // legado's chapter under a title of its own: found by its index.
        let renamed = legadoFile(index: 4, title: "第五章　雨夜（修订）", paragraph: 1, at: phoneTime)
        try store.write(renamed, to: path)
        let byIndex = try sync.sync(fingerprint: book.fingerprint, legado: legadoBook, now: phoneTime)
        let secondParagraph = try offset(of: "第五章的第2段", in: book)
        try check(
            byIndex?.offer?.position.offset == secondParagraph,
            "by index: offered \(String(describing: byIndex?.offer)), not \(secondParagraph)")

        // novel's newer place: written into legado's file, the field it does not know kept.
        let readTime = phoneTime.addingTimeInterval(600.25)
        let ours = try offset(of: "第六章的第3段", in: book)
        try home.states.update(fingerprint: book.fingerprint, title: book.title, path: book.path) { state in
            state.save(
                ReadingPosition(
                    offset: ours, chapterIndex: 5, chapterTitle: "第六章 第6夜", snippet: "", percent: 90,
                    saved: readTime))
        }
        let left = try sync.sync(fingerprint: book.fingerprint, legado: legadoBook, now: readTime)
        try check(left?.legadoWritten?.offset == ours, "novel's newer place was not written for legado")
        guard let written = try store.read(path, limit: 1 << 16),
            let object = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        else { throw Failure("legado's file is gone") }
        try check(
            object["durChapterIndex"] as? Int == 5 && object["durChapterTitle"] as? String == "第六章 第6夜"
                && object["durChapterPos"] as? Int == legadoPosition(title: "第六章 第6夜", paragraph: 2)
                && (object["durChapterTime"] as? NSNumber)?.int64Value == milliseconds(readTime)
                && object["name"] as? String == "青灯记" && object["author"] as? String == "林远",
            "legado's file holds \(object)")
        try check(
            object["bookUrl"] as? String == "content://books/青灯记.txt", "the field novel does not know is lost")
        // Read back, it is the same place and no newer one: nothing is offered, nothing written again.
        let again = try sync.sync(fingerprint: book.fingerprint, legado: legadoBook, now: readTime)
        try check(again?.legado?.offset == ours, "legado's place reads back as \(String(describing: again?.legado))")
        try check(again?.offer == nil, "novel's own place came back as an offer: \(String(describing: again?.offer))")
        try check(again?.legadoWritten == nil, "an unchanged place was written again")

        // A file that is not legado's JSON: a warning, the sync done, the file left as it is.
        let broken = Data("{\"name\": \"青灯记\", \"durChapterIndex\": \"three\"}".utf8)
        try store.write(broken, to: path)
        let warned = try sync.sync(fingerprint: book.fingerprint, legado: legadoBook, now: readTime)
        try check(warned?.warnings.contains { $0.contains(path) } == true, "no warning for a broken legado file")
        try check(try store.read(path, limit: 1 << 16) == broken, "a broken legado file was written over")
    }
}
