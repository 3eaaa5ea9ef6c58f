import NovelCore

/// The chapter splitter on decoded text: an index that partitions the text, for any text.
enum SplitterFuzzTarget {
    static let target = FuzzTarget(
        name: "split", summary: "chapter splitter (ChapterSplitter.split) on the decoded input",
        dictionaries: ["headings.dict", "punctuation.dict"],
        run: { bytes in
            let text = FuzzBooks.text(bytes)
            let index = ChapterSplitter().split(text)
            FuzzBooks.checkPartition(index, length: text.utf8.count, "split")
            for entry in index.entries {
                FuzzCheck.require(
                    entry.range.contains(entry.bodyStart) || entry.bodyStart == entry.range.upperBound,
                    "split: body start \(entry.bodyStart) outside \(entry.range)")
                FuzzCheck.require(
                    (entry.range.lowerBound...entry.bodyStart).contains(entry.headingStart),
                    "split: heading start \(entry.headingStart) outside \(entry.range.lowerBound)...\(entry.bodyStart)")
                if let volume = entry.volumeIndex {
                    FuzzCheck.require(index.entries.indices.contains(volume), "split: volume index \(volume)")
                }
            }
        })
}
