import Foundation

/// The scan for headings with other work beside it on a second core: the work that opening a book does
/// besides splitting it (the text's fingerprint, and the cache lookup it allows) needs nothing from the
/// split, so on a long book it runs while the split scans, and its answer may make the split unnecessary.
extension ChapterSplitter {
    /// The size of the pieces the second half of a text is scanned in (`findHeadings(_:progress:besideIt:)`).
    static let scanPieceBytes = 1 << 20

    /// The candidate lines, as `findHeadings` finds them, with `sideJob` run beside the scan on another
    /// core; nil when `sideJob` returns true, which stops the scan. One thread scans the first half of
    /// the text in one piece; the other thread, once `sideJob` is done, and then whichever is
    /// free scan the second half in pieces of `scanPieceBytes`, so the two finish together however long
    /// `sideJob` takes. Only the second half's candidates are copied to join them to the first's.
    func findHeadings(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: LoadStep, besideIt sideJob: () -> Bool
    ) -> [FoundHeading]? {
        let stop = StopFlag()
        // Each piece's scan matches a user's pattern with a copy of its own (`CustomHeadingPattern`).
        let pieces = Self.linePieces(bytes, firstPart: bytes.count / 2, size: Self.scanPieceBytes)
        let scans = SideBySide.results(1 + pieces.count) { job -> PieceScan in
            if job == 0 {
                if sideJob() { stop.raise() }
                return PieceScan(found: [], textLines: 0, longestTextLine: 0)
            }
            var noTrace: ChapterTrace?
            let scan = findHeadings(bytes, pieces[job - 1], trace: &noTrace, progress: progress, stop: stop)
            return PieceScan(found: scan.found, textLines: scan.textLines, longestTextLine: scan.longestTextLine)
        }
        guard !stop.isRaised else { return nil }
        return Self.joined(Array(scans.dropFirst()))
    }

    /// What the scan of one piece found: its candidates, and the text lines after the last of them (all
    /// of the piece's when it found none) with the longest of those, which the next piece's first
    /// candidate counts among its text lines before.
    struct PieceScan {
        var found: [FoundHeading]
        var textLines: Int
        var longestTextLine: Int
    }

    /// `0..<bytes.count` cut at line ends: a first piece of about `firstPart` bytes, then pieces of about
    /// `size`. Every piece but the last ends just past a line feed, so each line lies in one piece.
    static func linePieces(_ bytes: UnsafeBufferPointer<UInt8>, firstPart: Int, size: Int) -> [Range<Int>] {
        let count = bytes.count
        var pieces: [Range<Int>] = []
        var pieceStart = 0
        var target = max(1, firstPart)
        while count - pieceStart > target {
            let cut = pieceStart + target
            // The piece goes on to the end of the line it would cut (to the text's end without one).
            let feed = LineBounds.end(bytes, from: cut)
            guard feed + 1 < count else { break }
            let pieceEnd = feed + 1
            pieces.append(pieceStart..<pieceEnd)
            pieceStart = pieceEnd
            target = max(1, size)
        }
        pieces.append(pieceStart..<count)
        return pieces
    }

    /// The pieces' candidates in order, as one scan finds them: each piece's first candidate also counts
    /// the text lines that ended the pieces before it since their last candidate. The first piece's array
    /// is grown in place; the others' candidates are copied onto it.
    static func joined(_ scans: consuming [PieceScan]) -> [FoundHeading] {
        var scans = scans
        guard !scans.isEmpty else { return [] }
        var found: [FoundHeading] = []
        // The first piece's array, taken out of `scans` so that it is not shared and grows in place.
        swap(&found, &scans[0].found)
        found.reserveCapacity(found.count + scans.dropFirst().reduce(0) { $0 + $1.found.count })
        var carried = (lines: scans[0].textLines, longest: scans[0].longestTextLine)
        for index in scans.indices.dropFirst() {
            if scans[index].found.isEmpty {
                carried = (carried.lines + scans[index].textLines, max(carried.longest, scans[index].longestTextLine))
                continue
            }
            scans[index].found[0].textLinesBefore += carried.lines
            scans[index].found[0].longestTextLineBefore = max(
                scans[index].found[0].longestTextLineBefore, carried.longest)
            found += scans[index].found
            carried = (scans[index].textLines, scans[index].longestTextLine)
        }
        return found
    }
}
