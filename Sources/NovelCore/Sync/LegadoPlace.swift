/// legado's place (chapter index, chapter title, characters into the chapter) and novel's byte offset, both
/// ways, given novel's chapter list. legado's chapter is found by title first (blanks ignored, so `第一章 起`
/// and `第一章　起` match; of several chapters with the title, the one nearest legado's index) and by index
/// second; the characters into it are mapped by `LegadoChapterText`.
public enum LegadoPlace {
    /// One of novel's chapters: its title and its bytes in the decoded text (from its heading to the next).
    public struct Chapter: Sendable, Equatable {
        public var title: String
        public var range: Range<Int>

        public init(title: String, range: Range<Int>) {
            self.title = title
            self.range = range
        }
    }

    /// The title without any blank, as titles are compared.
    static func normalised(_ title: String) -> String {
        String(title.unicodeScalars.filter { !$0.properties.isWhitespace && $0.value != 0xFEFF }.map(Character.init))
    }

    /// The index in `chapters` of legado's chapter, or nil where neither its title nor its index is there.
    public static func chapter(index: Int, title: String?, in chapters: [Chapter]) -> Int? {
        if let title {
            let wanted = normalised(title)
            if !wanted.isEmpty {
                let matches = chapters.indices.filter { normalised(chapters[$0].title) == wanted }
                if let nearest = matches.min(by: { abs($0 - index) < abs($1 - index) }) { return nearest }
            }
        }
        return chapters.indices.contains(index) ? index : nil
    }

    /// novel's byte offset for legado's place, or nil where its chapter is not found.
    public static func byteOffset<Bytes: RandomAccessCollection<UInt8>>(
        of progress: LegadoProgress, chapters: [Chapter], text: Bytes
    ) -> Int? where Bytes.Index == Int {
        guard let found = chapter(index: progress.chapterIndex, title: progress.chapterTitle, in: chapters) else {
            return nil
        }
        let chapter = chapters[found]
        return LegadoChapterText.byteOffset(
            position: progress.chapterPosition, title: chapter.title, range: chapter.range, in: text)
    }

    /// legado's place for novel's byte `offset`: the chapter it is in (its index and title in novel's list,
    /// which is legado's where both split the book alike) and the characters into it; nil before the first
    /// chapter or with no chapter.
    public static func place<Bytes: RandomAccessCollection<UInt8>>(
        at offset: Int, chapters: [Chapter], text: Bytes
    ) -> (chapterIndex: Int, chapterPosition: Int, chapterTitle: String)? where Bytes.Index == Int {
        guard let found = chapters.lastIndex(where: { $0.range.lowerBound <= offset }) else { return nil }
        let chapter = chapters[found]
        let position = LegadoChapterText.position(
            byteOffset: offset, title: chapter.title, range: chapter.range, in: text)
        return (found, position, chapter.title)
    }
}
