/// Maps the bytes of a chapter's display text back to the bytes of the book text they came from.
///
/// The display text is cut into pieces, contiguous in display order: a *copied* piece shows original
/// bytes unchanged (byte for byte, so offsets inside it map one to one); a *replaced* piece shows other
/// bytes for an original range (a curly quote for a straight one, a space for a joined line end) and
/// every byte of it maps to that whole range. Original bytes that are not shown at all (a hidden line,
/// a line end joined without a space) belong to no piece: the gap between two pieces' original ranges.
/// Positions stay original offsets; this map is how a displayed cluster finds its own.
public struct PositionMap: Sendable, Equatable {
    struct Piece: Equatable {
        /// Where the piece starts in the display text; it ends where the next one starts.
        var display: Int
        /// The original bytes it shows.
        var original: Range<Int>
        var isCopy: Bool
    }

    private(set) var pieces: [Piece] = []
    /// The display text's length in bytes.
    public private(set) var displayLength = 0

    init() {}

    /// Appends original bytes shown unchanged; merges with a copied piece that ends where they start.
    mutating func appendCopy(_ original: Range<Int>) {
        guard !original.isEmpty else { return }
        if let last = pieces.last, last.isCopy, last.original.upperBound == original.lowerBound {
            pieces[pieces.count - 1].original = last.original.lowerBound..<original.upperBound
        } else {
            pieces.append(Piece(display: displayLength, original: original, isCopy: true))
        }
        displayLength += original.count
    }

    /// Appends `length` display bytes that stand for the whole of `original`.
    mutating func appendReplacement(_ original: Range<Int>, length: Int) {
        guard length > 0 else { return }
        pieces.append(Piece(display: displayLength, original: original, isCopy: false))
        displayLength += length
    }

    /// Appends the pieces of `other` that cover its display bytes `range`, cut to it: what another text
    /// showing those bytes one for one (the same length, character for character) maps back to.
    mutating func appendMapped(_ other: PositionMap, _ range: Range<Int>) {
        guard !range.isEmpty, !other.pieces.isEmpty else { return }
        var index = other.pieceIndex(range.lowerBound)
        while index < other.pieces.count {
            let piece = other.pieces[index]
            let pieceEnd = index + 1 < other.pieces.count ? other.pieces[index + 1].display : other.displayLength
            let start = max(piece.display, range.lowerBound)
            let end = min(pieceEnd, range.upperBound)
            guard start < range.upperBound else { break }
            if start < end {
                if piece.isCopy {
                    let offset = piece.original.lowerBound - piece.display
                    appendCopy((start + offset)..<(end + offset))
                } else {
                    appendReplacement(piece.original, length: end - start)
                }
            }
            index += 1
        }
    }

    /// The index of the piece holding display byte `offset` (clamped to the text).
    private func pieceIndex(_ offset: Int) -> Int {
        pieces.lastIndex(keyedBy: { $0.display }, atOrBefore: offset)
    }

    /// The original offset where display byte `offset` starts (the text's original end past the end).
    public func originalStart(_ offset: Int) -> Int {
        guard let last = pieces.last else { return 0 }
        if offset >= displayLength { return last.original.upperBound }
        let piece = pieces[pieceIndex(max(0, offset))]
        return piece.isCopy ? piece.original.lowerBound + (max(0, offset) - piece.display) : piece.original.lowerBound
    }

    /// The original offset where the display bytes ending at `end` (exclusive) end.
    public func originalEnd(_ end: Int) -> Int {
        guard let first = pieces.first else { return 0 }
        if end <= 0 { return first.original.lowerBound }
        let piece = pieces[pieceIndex(min(end, displayLength) - 1)]
        return piece.isCopy
            ? piece.original.lowerBound + (min(end, displayLength) - piece.display) : piece.original.upperBound
    }

    /// The original bytes that display bytes `range` show.
    public func originalRange(_ range: Range<Int>) -> Range<Int> {
        let start = originalStart(range.lowerBound)
        return start..<max(start, originalEnd(range.upperBound))
    }

    /// The first display offset whose original bytes reach `original` or beyond: where an original
    /// position is shown (or, for hidden bytes, the next thing that is).
    public func displayOffset(ofOriginal original: Int) -> Int {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].original.upperBound <= original { low = middle + 1 } else { high = middle }
        }
        guard low < pieces.count else { return displayLength }
        let piece = pieces[low]
        if original <= piece.original.lowerBound || !piece.isCopy { return piece.display }
        return piece.display + (original - piece.original.lowerBound)
    }
}
