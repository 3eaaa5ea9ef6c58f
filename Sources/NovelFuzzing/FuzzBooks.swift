import NovelCore

/// Texts and books the fuzz targets build from their inputs.
enum FuzzBooks {
    /// The input decoded as a book would be, or as lossy UTF-8 when the loader refuses it (binary, empty):
    /// the splitter and the layouter must take any valid UTF-8.
    static func text(_ bytes: [UInt8]) -> BookText {
        if let text = try? BookLoader.decode(bytes, path: "fuzz-input") { return text }
        return BookText(
            utf8: Array(String(decoding: bytes, as: UTF8.self).utf8), encoding: "UTF-8", encodingSource: .validUTF8,
            invalidSequences: 0)
    }

    static func book(_ text: BookText, index: ChapterIndex? = nil) -> Book {
        Book(
            path: "fuzz-input.txt", title: "fuzz", text: text, fingerprint: BookFingerprint.of(text.utf8),
            index: index ?? ChapterSplitter().split(text))
    }

    /// A small book with volumes, chapters and a preface, for targets whose input is not the text.
    static let sampleText: String = {
        var lines = ["序", "这是一本用来测试的书。", "第一卷　春", ""]
        for chapter in 1...6 {
            lines.append("第\(chapter)章　标题\(chapter)")
            for paragraph in 1...8 {
                lines.append("　　第\(chapter)章第\(paragraph)段：“你好，世界！”他说——然后走了。Hello, world… ①")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// A short English book with headings, hard-wrapped, for a second kind of book in a folder.
    static let englishText: String = {
        var lines = ["THE LAMP", "", "CONTENTS", ""]
        for chapter in ["I", "II", "III"] {
            lines += ["", "CHAPTER \(chapter).", ""]
            for _ in 1...4 {
                lines += ["It was a dark night, and the lamp was lit in the window of the", "house by the road.", ""]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Checks that `index` partitions the text's first `length` bytes, as every index must.
    static func checkPartition(_ index: ChapterIndex, length: Int, _ what: String) {
        FuzzCheck.require(
            index.partitions(length: length), "\(what): the entries do not partition 0..<\(length)")
    }
}
