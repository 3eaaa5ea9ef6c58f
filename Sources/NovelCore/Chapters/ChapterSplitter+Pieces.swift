import Foundation

/// What a scan over a run of whole lines found: its candidate lines, and the text lines after the last of
/// them (all of the run's text lines when it found none) with the longest of those, in bytes after
/// trimming. The next run's first candidate counts these among the text lines before it.
struct LineScan {
    var found: [ChapterSplitter.FoundHeading]
    var textLines: Int
    var longestTextLine: Int
}

/// The scan for headings of a long text, in pieces on every core. A line is judged by itself alone, and
/// the only thing the scan carries from line to line is the count of text lines since the last candidate
/// and the longest of them, so pieces cut at line ends and scanned apart give, joined in order with
/// those counts carried over, exactly the candidates one pass gives (`HeadingPiecesTests`).
extension ChapterSplitter {
    /// A text shorter than this is scanned in one pass on the calling thread: handing out the pieces
    /// would cost more than it saves.
    static let piecewiseScanBytes = 1 << 20
    /// The size a piece aims for: small enough that a scan told to stop (`splitKeepingScan(_:besideIt:)`)
    /// stops within a fraction of a millisecond, large enough that the pieces cost nothing to join.
    static let scanPieceBytes = 1 << 19

    /// `findHeadings` in pieces on every core, or nil when the text from `start` is too short for it or
    /// a user's pattern (one ICU regular expression, not to be shared between threads) is in use.
    func findHeadingsInPieces(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: LoadStep, from start: Int, textLines: Int, longestTextLine: Int
    ) -> [FoundHeading]? {
        guard pattern == nil, bytes.count - start >= Self.piecewiseScanBytes else { return nil }
        return findHeadings(
            bytes, progress: progress, from: start, textLines: textLines, longestTextLine: longestTextLine,
            besideIt: nil)
    }

    /// The candidate lines from `start` on, as `findHeadings` finds them, scanned in pieces on every core
    /// (in one piece with a user's pattern), with `sideJob` run first beside the scan on one of the
    /// threads. Nil when `sideJob` returns true, which stops the scan at the end of the pieces under way.
    func findHeadings(
        _ bytes: UnsafeBufferPointer<UInt8>, progress: LoadStep, from start: Int = 0, textLines: Int = 0,
        longestTextLine: Int = 0, besideIt sideJob: (() -> Bool)?
    ) -> [FoundHeading]? {
        let pieces =
            pattern == nil
            ? Self.linePieces(bytes, from: start, size: Self.scanPieceBytes) : [start..<max(start, bytes.count)]
        let stop = StopFlag()
        let jobsBefore = sideJob == nil ? 0 : 1
        let scans = SideBySide.results(jobsBefore + pieces.count) { job -> LineScan? in
            guard job >= jobsBefore else {
                if let sideJob, sideJob() { stop.raise() }
                return nil
            }
            guard !stop.isRaised else { return nil }
            let piece = pieces[job - jobsBefore]
            var noTrace: ChapterTrace?
            let scan = scanLines(bytes, piece, trace: &noTrace)
            progress.reached(piece.upperBound, of: bytes.count)
            return scan
        }
        guard !stop.isRaised else { return nil }
        return Self.joined(
            scans.dropFirst(jobsBefore).compactMap { $0 }, textLines: textLines, longestTextLine: longestTextLine)
    }

    /// `start..<bytes.count` cut into pieces of about `size` bytes; every piece but the last ends just past
    /// a line feed, so that each line lies in one piece. An empty range is one empty piece.
    static func linePieces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, size: Int) -> [Range<Int>] {
        let count = bytes.count
        guard let base = bytes.baseAddress, start < count else { return [start..<max(start, count)] }
        var pieces: [Range<Int>] = []
        pieces.reserveCapacity((count - start) / max(1, size) + 1)
        var pieceStart = start
        while count - pieceStart > size {
            let cut = pieceStart + size
            // The piece goes on to the end of the line it would cut (to the text's end without one).
            guard let feed = memchr(base + cut, 0x0A, count - cut) else { break }
            let pieceEnd = base.distance(to: feed.assumingMemoryBound(to: UInt8.self)) + 1
            guard pieceEnd < count else { break }
            pieces.append(pieceStart..<pieceEnd)
            pieceStart = pieceEnd
        }
        pieces.append(pieceStart..<count)
        return pieces
    }

    /// The scans of consecutive pieces as one scan's candidates: each piece's first candidate also counts
    /// the text lines that ended the pieces before it (since their last candidate); `textLines` and
    /// `longestTextLine` are what came before the first piece.
    static func joined(_ scans: [LineScan], textLines: Int, longestTextLine: Int) -> [FoundHeading] {
        var found: [FoundHeading] = []
        found.reserveCapacity(scans.reduce(0) { $0 + $1.found.count })
        var carried = (lines: textLines, longest: longestTextLine)
        for scan in scans {
            if var first = scan.found.first {
                first.textLinesBefore += carried.lines
                first.longestTextLineBefore = max(first.longestTextLineBefore, carried.longest)
                found.append(first)
                found.append(contentsOf: scan.found.dropFirst())
                carried = (scan.textLines, scan.longestTextLine)
            } else {
                carried = (carried.lines + scan.textLines, max(carried.longest, scan.longestTextLine))
            }
        }
        return found
    }
}
