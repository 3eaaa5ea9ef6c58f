/// Which entry a chapter number typed in the reader means (`:12`, `12 Enter`): where the book numbers its
/// chapters (第十二回, Chapter XII, Letter 3), the chapter with that number, not the twelfth line of the
/// table of contents, whose first entries are often the title page and a preface; where it does not, the
/// twelfth entry counting from 1, as a person counts.
public enum ChapterByNumber {
    public enum Miss: Error, Equatable, Sendable {
        /// The chapters are numbered, none with this number; `numbers` is the range they cover.
        case noChapterNumbered(Int, numbers: ClosedRange<Int>)
        /// The list is not numbered and has `count` entries.
        case noEntry(Int, count: Int)
    }

    /// The index of the entry `number` means. Where volumes each number their chapters from one again
    /// (第一卷 第一章 … 第二卷 第一章), the chapter in the volume of `currentEntry` comes first.
    public static func entryIndex(_ number: Int, in entries: [TOCEntry], currentEntry: Int? = nil) -> Result<
        Int, Miss
    > {
        let numbered = entries.indices.filter { entries[$0].kind == .chapter && entries[$0].number != nil }
        guard !numbered.isEmpty else {
            guard number >= 1, number <= entries.count else { return .failure(.noEntry(number, count: entries.count)) }
            return .success(number - 1)
        }
        let matches = numbered.filter { entries[$0].number == number }
        guard let firstMatch = matches.first else {
            let numbers = numbered.compactMap { entries[$0].number }
            return .failure(.noChapterNumbered(number, numbers: (numbers.min() ?? 0)...(numbers.max() ?? 0)))
        }
        if let currentEntry, entries.indices.contains(currentEntry) {
            let volume = entries[currentEntry].level == .volume ? currentEntry : entries[currentEntry].volumeIndex
            if let inVolume = matches.first(where: { entries[$0].volumeIndex == volume }) { return .success(inVolume) }
        }
        return .success(firstMatch)
    }
}

extension ChapterByNumber.Miss: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noChapterNumbered(let number, let numbers):
            "no chapter numbered \(number); the chapters are numbered \(numbers.lowerBound) to \(numbers.upperBound)"
        case .noEntry(let number, let count):
            count == 0 ? "no chapter \(number); the table of contents is empty" : "no chapter \(number); the table of contents has 1 to \(count)"
        }
    }
}
