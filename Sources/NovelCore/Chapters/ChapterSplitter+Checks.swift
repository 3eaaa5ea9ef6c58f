/// Whole-book checks that live with the splitter (the others have files of their own: `ListOfContents`,
/// `NumeralHeadings`, `RunningHeads`, `BareHeadingTitle`): each looks at all candidates at once.
extension ChapterSplitter {
    /// The rule family with more headings wins; Chinese on a tie.
    func chooseFamily(_ found: [FoundHeading]) -> HeadingCandidate.Family {
        var chinese = 0
        var english = 0
        for heading in found {
            // Numbered chapters weigh most: they are what a table of contents is made of.
            let weight = heading.candidate.kind == .chapter ? 3 : 1
            if heading.candidate.family == .chinese { chinese += weight } else { english += weight }
        }
        return english > chinese ? .english : .chinese
    }

    /// A book whose only numbered unit is 卷 (or Part) has those as its chapters.
    func promoteVolumesWithoutChapters(_ found: inout [FoundHeading]) {
        guard !found.contains(where: { $0.candidate.kind == .chapter }) else { return }
        for index in found.indices where found[index].candidate.kind == .volume && found[index].candidate.number != nil
        {
            found[index].candidate.kind = .chapter
        }
    }

    /// Which headings to keep: a chapter heading that repeats the number of the chapter it sits in (a
    /// pasted title inside the text) is not a new chapter, nor a section's bare name inside the section of
    /// that name (`EXTRACTS.` after an introduction inside `EXTRACTS. (Supplied by a Sub-Sub-Librarian)`).
    func unrepeatedHeadings(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> [Bool] {
        var keep = [Bool](repeating: true, count: found.count)
        var previousNumber: Int?
        for (index, heading) in found.enumerated() {
            switch heading.candidate.kind {
            case .volume:
                previousNumber = nil
            case .chapter:
                if let number = heading.candidate.number, number == previousNumber {
                    keep[index] = false
                    continue
                }
                previousNumber = heading.candidate.number
            case .special:
                previousNumber = nil
                if index > 0, ListOfContents.isNamedSection(heading), heading.titleAfterMarker.isEmpty,
                    ListOfContents.isNamedSection(found[index - 1]),
                    EnglishHeading.sameName(bytes, found[index - 1].line, heading.line)
                {
                    keep[index] = false
                }
            }
        }
        return keep
    }
}
