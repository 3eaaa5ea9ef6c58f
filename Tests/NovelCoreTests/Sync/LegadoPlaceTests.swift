import Foundation
import NovelCore
import Testing

/// legado's (chapter, characters into it) and novel's byte offset, both ways, on books of our own writing.
struct LegadoPlaceTests {
    /// A book as novel holds it, and its chapter list (each chapter from its heading to the next).
    struct Book {
        let bytes: [UInt8]
        let chapters: [LegadoPlace.Chapter]

        init(_ text: String) {
            let bytes = Array(text.utf8)
            self.bytes = bytes
            var starts: [(String, Int)] = []
            var offset = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("第") { starts.append((String(line), offset)) }
                offset += line.utf8.count + 1
            }
            chapters = starts.indices.map { index in
                let end = index + 1 < starts.count ? starts[index + 1].1 : bytes.count
                return LegadoPlace.Chapter(title: starts[index].0, range: starts[index].1..<end)
            }
        }

        func offset(of words: String) -> Int {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.utf8.distance(from: text.startIndex, to: text.range(of: words)!.lowerBound)
        }
    }

    static let book = Book(
        """
        第一章 开端
        　　天色将明。

        　　他推开门，𠀀字在灯下。
        第二章 夜雨
          雨下了一夜。
        第三章 归来
        \t她回来了。
        """)

    func progress(index: Int, title: String?, position: Int) -> LegadoProgress {
        LegadoProgress(
            name: "n", author: "a", chapterIndex: index, chapterPosition: position, time: 0, chapterTitle: title)
    }

    @Test func aPlaceIsCountedAsLegadoLaysTheChapterOut() {
        // Title, line end; "　　天色将明。" and its line end; then the indent of the next paragraph.
        let position = "第一章 开端".utf16.count + 1 + (2 + "天色将明。".utf16.count + 1) + 2
        let found = LegadoPlace.byteOffset(
            of: progress(index: 0, title: "第一章 开端", position: position), chapters: Self.book.chapters,
            text: Self.book.bytes)
        #expect(found == Self.book.offset(of: "他推开门"))
        // A character outside the Basic Multilingual Plane is two of Java's characters.
        let afterAstral = position + "他推开门，𠀀".utf16.count
        #expect("𠀀".utf16.count == 2)
        let pastIt = LegadoPlace.byteOffset(
            of: progress(index: 0, title: "第一章 开端", position: afterAstral), chapters: Self.book.chapters,
            text: Self.book.bytes)
        #expect(pastIt == Self.book.offset(of: "字在灯下"))
    }

    @Test func theFilesOwnIndentDoesNotMoveAPlace() {
        // Chapter two indents with ASCII spaces, chapter three with a tab: legado counts neither.
        let rain = LegadoPlace.place(
            at: Self.book.offset(of: "雨下了一夜"), chapters: Self.book.chapters, text: Self.book.bytes)
        #expect(rain?.chapterPosition == "第二章 夜雨".utf16.count + 1 + 2)
        let back = LegadoPlace.place(
            at: Self.book.offset(of: "她回来了"), chapters: Self.book.chapters, text: Self.book.bytes)
        #expect(back?.chapterIndex == 2)
        #expect(back?.chapterTitle == "第三章 归来")
        #expect(back?.chapterPosition == "第三章 归来".utf16.count + 1 + 2)
    }

    @Test func everyCharacterOfEveryParagraphComesBackToItsByte() throws {
        let text = String(decoding: Self.book.bytes, as: UTF8.self)
        var offset = 0
        var checked = 0
        for scalar in text.unicodeScalars {
            defer { offset += scalar.utf8.count }
            guard !scalar.properties.isWhitespace,
                let place = LegadoPlace.place(
                    at: offset, chapters: Self.book.chapters, text: Self.book.bytes)
            else { continue }
            let heading = Self.book.chapters[place.chapterIndex].range.lowerBound
            let inHeading = !Self.book.bytes[heading..<offset].contains(0x0A)
            let back = LegadoPlace.byteOffset(
                of: progress(index: place.chapterIndex, title: place.chapterTitle, position: place.chapterPosition),
                chapters: Self.book.chapters, text: Self.book.bytes)
            #expect(back == (inHeading ? heading : offset), "at byte \(offset)")
            checked += 1
        }
        #expect(checked > 30)
    }

    @Test func theChapterIsFoundByTitleBeforeIndex() {
        // legado counts a preface novel has not, so its index is one more; the title still finds it.
        #expect(LegadoPlace.chapter(index: 2, title: "第二章 夜雨", in: Self.book.chapters) == 1)
        // Blanks differ (a full-width space, none): still the same title.
        #expect(LegadoPlace.chapter(index: 9, title: "第二章　夜雨", in: Self.book.chapters) == 1)
        #expect(LegadoPlace.chapter(index: 9, title: "第二章夜雨", in: Self.book.chapters) == 1)
    }

    @Test func aTitleNotFoundFallsBackToTheIndex() {
        #expect(LegadoPlace.chapter(index: 2, title: "Chapter 3", in: Self.book.chapters) == 2)
        #expect(LegadoPlace.chapter(index: 0, title: nil, in: Self.book.chapters) == 0)
        #expect(LegadoPlace.chapter(index: 3, title: "Chapter 4", in: Self.book.chapters) == nil)
        #expect(
            LegadoPlace.byteOffset(
                of: progress(index: 7, title: "不在书中", position: 0), chapters: Self.book.chapters,
                text: Self.book.bytes) == nil)
    }

    @Test func ofTwoChaptersWithOneTitleTheOneNearestLegadosIndexIsTaken() {
        let chapters = ["序", "第一章", "序", "第二章"].enumerated().map {
            LegadoPlace.Chapter(title: $0.element, range: $0.offset * 10..<($0.offset + 1) * 10)
        }
        #expect(LegadoPlace.chapter(index: 0, title: "序", in: chapters) == 0)
        #expect(LegadoPlace.chapter(index: 3, title: "序", in: chapters) == 2)
    }

    @Test func aPlacePastTheChapterEndStaysInItsLastParagraph() {
        let found = LegadoPlace.byteOffset(
            of: progress(index: 1, title: "第二章 夜雨", position: 10_000), chapters: Self.book.chapters,
            text: Self.book.bytes)
        #expect(found == Self.book.offset(of: "雨下了一夜"))
    }

    @Test func aPlaceInTheTitleIsTheChapterStart() {
        let found = LegadoPlace.byteOffset(
            of: progress(index: 1, title: "第二章 夜雨", position: 3), chapters: Self.book.chapters,
            text: Self.book.bytes)
        #expect(found == Self.book.chapters[1].range.lowerBound)
        #expect(
            LegadoPlace.place(
                at: Self.book.chapters[1].range.lowerBound + 3, chapters: Self.book.chapters,
                text: Self.book.bytes)?.chapterPosition == 0)
    }
}
