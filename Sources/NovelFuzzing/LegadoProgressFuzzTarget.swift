import Foundation
import NovelCore

/// legado's progress file (`LegadoProgress`: `bookProgress/<name>_<author>.json`), which the phone or
/// anyone with the WebDAV password writes, and the place it names mapped into a book (`LegadoPlace`).
/// What must hold: the strict reader never traps; a file it reads, written back and read again, is the same
/// progress with its unknown fields kept; the file's path is a path inside the store; the place maps to a
/// byte of the book, and that byte maps back to a place in the book.
enum LegadoProgressFuzzTarget {
    /// A small book of chapters (a wide character, an astral one, blank lines, indents of every kind).
    static let text = Array(
        """
        第一章 开端
        　　天色将明。

          他推开门，𠀀字在灯下。
        第二章 夜雨
        \t雨下了一夜。
        第三章 归来
        她回来了。
        """.utf8)

    static let chapters: [LegadoPlace.Chapter] = {
        var starts: [(String, Int)] = []
        var offset = 0
        for line in text.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let words = String(decoding: line, as: UTF8.self)
            if words.hasPrefix("第") { starts.append((words, offset)) }
            offset += line.count + 1
        }
        return starts.indices.map { index in
            LegadoPlace.Chapter(
                title: starts[index].0,
                range: starts[index].1..<(index + 1 < starts.count ? starts[index + 1].1 : text.count))
        }
    }()

    static let target = FuzzTarget(
        name: "legado-progress",
        summary: "legado's progress files (LegadoProgress) and their place in a book (LegadoPlace)",
        dictionaries: ["json.dict", "legado.dict"],
        run: { bytes in
            guard let progress = try? LegadoProgress(decoding: Data(bytes), store: "fuzz", path: "fuzz.json")
            else { return }
            let path = LegadoProgress.path(name: progress.name, author: progress.author)
            FuzzCheck.require(SyncPath.isValid(path), "a progress file's path outside the store: \(path)")
            // Written back pretty, a file near the size limit may grow past it: only one within it must read.
            let written = progress.encoded()
            let again = try? LegadoProgress(decoding: written, store: "fuzz", path: "fuzz.json")
            FuzzCheck.require(
                again != nil || written.count > LegadoProgress.sizeLimit, "a progress file written back cannot be read")
            guard let again else { return }
            FuzzCheck.require(
                again.name == progress.name && again.author == progress.author
                    && again.chapterIndex == progress.chapterIndex && again.chapterPosition == progress.chapterPosition
                    && again.time == progress.time && again.chapterTitle == progress.chapterTitle,
                "a progress file read back differs")
            FuzzCheck.require(
                Set(again.otherFields.keys) == Set(progress.otherFields.keys), "unknown fields lost on the way back")
            guard let offset = LegadoPlace.byteOffset(of: progress, chapters: chapters, text: text) else { return }
            FuzzCheck.require((0..<text.count).contains(offset), "legado's place maps outside the book: \(offset)")
            let place = LegadoPlace.place(at: offset, chapters: chapters, text: text)
            FuzzCheck.require(place != nil, "a mapped byte \(offset) has no place in a chapter")
        },
        seeds: { file in
            // A file as legado writes it, its title and position from the seed's bytes.
            var input = FuzzInput(Array(file.prefix(64)))
            let title = ["第一章 开端", "第二章　夜雨", "Chapter 3", ""][input.int(in: 0...3)]
            let object: [String: Any] = [
                "name": "青灯记", "author": "", "durChapterIndex": input.int(in: 0...4),
                "durChapterPos": input.int(in: 0...40), "durChapterTime": 1_800_000_000_000,
                "durChapterTitle": title, "bookUrl": "content://x",
            ]
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
                return []
            }
            return [Array(data)]
        })
}
