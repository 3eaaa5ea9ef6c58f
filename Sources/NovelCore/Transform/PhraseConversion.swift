/// Converts text the way OpenCC's converter does, with `ConversionTables` made from OpenCC's own
/// dictionaries, and keeps every shown byte aligned with the source bytes it came from.
///
/// OpenCC's way (1.1): the segmentation walks the text and at each place takes the longest key of its
/// dictionary that starts there as a segment of its own, else one character, consecutive characters
/// without a key forming one segment. Each conversion of the chain then rewrites each segment on its
/// own: at each place the first dictionary of its group holding a key there gives its longest key's
/// value, else the character stays. Segments never merge, so no key matches across a segment's end.
///
/// The alignment follows each rewrite: a piece of shown text maps to the source bytes its pieces came
/// from, so a key that spans what earlier stages made (`TWPhrases` over `s2t`'s output) maps to the
/// union of their sources. At the end a piece shown as its source is a *same* step, one with as many
/// characters as its source maps character for character (头发 → 頭髮), anything else (U盘 → 隨身碟)
/// is replaced as a whole.
struct PhraseConversion {
    let tables: ConversionTables

    /// `source` converted and aligned with it. Any bytes are taken: a byte that does not start a
    /// well-formed sequence (and a NUL) matches no key and is shown as it is.
    func align(_ source: UnsafeBufferPointer<UInt8>) -> AlignedConversion {
        guard let base = source.baseAddress, !source.isEmpty, let segmentation = tables.stages.first else {
            return AlignedConversion()
        }
        var segmentEnds = Self.segment(base, count: source.count, with: segmentation)
        // Pieces of the text as it is so far: where each ends in the source and in the text. Nil while the
        // text is the source itself, every character a piece of its own.
        var pieces: Pieces?
        var text: [UInt8]?
        for stage in tables.stages.dropFirst() {
            let rewritten =
                text.map { previous in
                    previous.withUnsafeBufferPointer {
                        Self.rewrite($0, segmentEnds: segmentEnds, pieces: pieces, with: stage)
                    }
                } ?? Self.rewrite(source, segmentEnds: segmentEnds, pieces: nil, with: stage)
            text = rewritten.text
            segmentEnds = rewritten.segmentEnds
            pieces = rewritten.pieces
        }
        guard let text, let pieces else {
            var aligned = AlignedConversion()
            aligned.same(0..<source.count, source, sourceBytes: source)
            return aligned
        }
        return text.withUnsafeBufferPointer { shown in Self.steps(source: source, shown: shown, pieces: pieces) }
    }

    /// Where the segments of `text` end.
    static func segment(_ text: UnsafePointer<UInt8>, count: Int, with tables: [ConversionTable]) -> [Int] {
        var ends: [Int] = []
        var index = 0
        var runStart = 0
        while index < count {
            if let match = longestMatch(tables, in: text, from: index, to: count) {
                if index > runStart { ends.append(index) }
                ends.append(match.end)
                index = match.end
                runStart = index
            } else {
                index = ConversionTable.scalar(in: text, at: index, end: count).1
            }
        }
        if count > runStart { ends.append(count) }
        return ends
    }

    /// The first of `tables` with a key at `start`, and its longest one there.
    @inline(__always)
    static func longestMatch(
        _ tables: [ConversionTable], in text: UnsafePointer<UInt8>, from start: Int, to end: Int
    ) -> (end: Int, value: UnsafeBufferPointer<UInt8>)? {
        for table in tables {
            if let match = table.longestMatch(in: text, from: start, to: end) { return match }
        }
        return nil
    }

    struct Pieces {
        var sourceEnds: [Int] = []
        var shownEnds: [Int] = []
    }

    /// One conversion of the chain over every segment of `text`.
    static func rewrite(
        _ buffer: UnsafeBufferPointer<UInt8>, segmentEnds: [Int], pieces old: Pieces?, with tables: [ConversionTable]
    ) -> (text: [UInt8], segmentEnds: [Int], pieces: Pieces) {
        // Nothing left to rewrite (every earlier value was empty): the pieces stay as they are.
        guard let text = buffer.baseAddress, !buffer.isEmpty else { return ([], segmentEnds, old ?? Pieces()) }
        var shown: [UInt8] = []
        shown.reserveCapacity(buffer.count + buffer.count / 8)
        var ends: [Int] = []
        ends.reserveCapacity(segmentEnds.count)
        var pieces = Pieces()
        pieces.sourceEnds.reserveCapacity(buffer.count / 2)
        pieces.shownEnds.reserveCapacity(buffer.count / 2)
        var oldPiece = 0
        var start = 0
        for segmentEnd in segmentEnds {
            var index = start
            while index < segmentEnd {
                let unitEnd: Int
                if let match = longestMatch(tables, in: text, from: index, to: segmentEnd) {
                    shown.append(contentsOf: match.value)
                    unitEnd = match.end
                } else {
                    unitEnd = ConversionTable.scalar(in: text, at: index, end: segmentEnd).1
                    shown.append(contentsOf: UnsafeBufferPointer(start: text + index, count: unitEnd - index))
                }
                index = unitEnd
                // A piece closes where a unit ends at the end of an earlier piece (the last one ending
                // there, so that an earlier piece shown as nothing goes with it); a unit that ends inside
                // one (a key over part of what an earlier stage replaced) takes the next unit along.
                if let old {
                    while oldPiece < old.shownEnds.count, old.shownEnds[oldPiece] < unitEnd { oldPiece += 1 }
                    guard oldPiece < old.shownEnds.count, old.shownEnds[oldPiece] == unitEnd else { continue }
                    while oldPiece + 1 < old.shownEnds.count, old.shownEnds[oldPiece + 1] == unitEnd { oldPiece += 1 }
                    pieces.sourceEnds.append(old.sourceEnds[oldPiece])
                    oldPiece += 1
                } else {
                    pieces.sourceEnds.append(unitEnd)
                }
                pieces.shownEnds.append(shown.count)
            }
            ends.append(shown.count)
            start = segmentEnd
        }
        return (shown, ends, pieces)
    }

    /// The alignment of `shown` with `source` along `pieces`.
    static func steps(source: UnsafeBufferPointer<UInt8>, shown: UnsafeBufferPointer<UInt8>, pieces: Pieces)
        -> AlignedConversion
    {
        var aligned = AlignedConversion(capacity: shown.count)
        // Pieces shown as their source are gathered into one same step.
        var sameFrom = (source: 0, shown: 0)
        var sourceStart = 0
        var shownStart = 0
        for (sourceEnd, shownEnd) in zip(pieces.sourceEnds, pieces.shownEnds) {
            let from = source[sourceStart..<sourceEnd]
            let to = shown[shownStart..<shownEnd]
            if !from.elementsEqual(to) {
                aligned.same(
                    sameFrom.source..<sourceStart, shown[sameFrom.shown..<shownStart],
                    sourceBytes: source[sameFrom.source..<sourceStart])
                if scalarCount(source, sourceStart..<sourceEnd) == scalarCount(shown, shownStart..<shownEnd) {
                    characterForCharacter(
                        sourceStart..<sourceEnd, shownStart..<shownEnd, source: source, shown: shown, into: &aligned)
                } else {
                    aligned.replace(sourceStart..<sourceEnd, to)
                }
                sameFrom = (sourceEnd, shownEnd)
            }
            sourceStart = sourceEnd
            shownStart = shownEnd
        }
        aligned.same(
            sameFrom.source..<sourceStart, shown[sameFrom.shown..<shownStart],
            sourceBytes: source[sameFrom.source..<sourceStart])
        return aligned
    }

    /// `shown` has as many characters as source bytes `range`: runs of characters of the same length map
    /// byte for byte, a character whose length changed maps to its source character.
    static func characterForCharacter(
        _ range: Range<Int>, _ shownRange: Range<Int>, source: UnsafeBufferPointer<UInt8>,
        shown: UnsafeBufferPointer<UInt8>,
        into aligned: inout AlignedConversion
    ) {
        var sourceIndex = range.lowerBound
        var shownIndex = shownRange.lowerBound
        var runSource = sourceIndex
        var runShown = shownIndex
        while sourceIndex < range.upperBound, shownIndex < shownRange.upperBound {
            let sourceLength = min(utf8SequenceLength(source[sourceIndex]), range.upperBound - sourceIndex)
            let shownLength = min(utf8SequenceLength(shown[shownIndex]), shownRange.upperBound - shownIndex)
            if sourceLength != shownLength {
                aligned.same(
                    runSource..<sourceIndex, shown[runShown..<shownIndex], sourceBytes: source[runSource..<sourceIndex])
                aligned.replace(
                    sourceIndex..<(sourceIndex + sourceLength), shown[shownIndex..<(shownIndex + shownLength)])
                runSource = sourceIndex + sourceLength
                runShown = shownIndex + shownLength
            }
            sourceIndex += sourceLength
            shownIndex += shownLength
        }
        aligned.same(
            runSource..<sourceIndex, shown[runShown..<shownIndex], sourceBytes: source[runSource..<sourceIndex])
        // (Equal character counts: both end together; anything left over is replaced as a whole.)
        if sourceIndex < range.upperBound || shownIndex < shownRange.upperBound {
            aligned.replace(sourceIndex..<range.upperBound, shown[shownIndex..<shownRange.upperBound])
        }
    }
}
