import Foundation

/// What a split's scan for headings found, before the whole-book checks: where each candidate line
/// starts and the text lines before it. A text that grew at its end (a serialised novel's new chapters)
/// is split again from it (`ChapterSplitter.split(_:continuing:)`) without scanning the old text: every
/// line that ended before the old end is judged as before, and the checks run again over all candidates,
/// so the index is the one a split of the whole text makes. Kept with the book (`Book.headingScan`) and
/// beside its cached index (`ChapterIndexCache.loadScan`).
public struct HeadingScan: Sendable, Equatable {
    struct Line: Sendable, Equatable {
        var lineStart: Int
        /// `FoundHeading.textLinesBefore` and `longestTextLineBefore`: the scan's count before this line.
        var textLinesBefore: Int
        var longestTextLineBefore: Int
    }

    var lines: [Line]
    /// The length of the text that was scanned, in bytes.
    public var length: Int
    /// The user's chapter pattern the scan was made with (nil: the built-in rules).
    public var pattern: String?
}

extension ChapterSplitter {
    /// `split` with the scan it was made from.
    public func splitKeepingScan(_ text: BookText, progress: LoadStep = .none) -> (
        index: ChapterIndex, scan: HeadingScan
    ) {
        text.utf8.withUnsafeBufferPointer { bytes in
            var trace: ChapterTrace?
            let found = findHeadings(bytes, trace: &trace, progress: progress)
            defer { progress.finish() }
            let lines = scan(found, length: bytes.count)
            return (decide(found, bytes, trace: &trace), lines)
        }
    }

    /// `splitKeepingScan` with `sideJob` run beside the scan, on another core when there is one (a book's
    /// fingerprint and the cache lookup it allows): nil when `sideJob` returns true (the split is not
    /// needed after all), which stops the scan within a megabyte.
    public func splitKeepingScan(
        _ text: BookText, progress: LoadStep = .none, besideIt sideJob: () -> Bool
    ) -> (index: ChapterIndex, scan: HeadingScan)? {
        text.utf8.withUnsafeBufferPointer { bytes in
            guard let found = findHeadings(bytes, progress: progress, besideIt: sideJob) else { return nil }
            defer { progress.finish() }
            var noTrace: ChapterTrace?
            let lines = scan(found, length: bytes.count)
            return (decide(found, bytes, trace: &noTrace), lines)
        }
    }

    /// The index of `text`, which is the text `scan` was made of with more appended, and its scan. The
    /// candidates before the last one scanned are taken again from their own lines; the scan goes on from
    /// the last one (its line, the old text's last, may have grown) to the new end. Nil when the scan does
    /// not fit: made with another pattern or of a text at least as long, or a line it holds is no longer
    /// a candidate (a changed text, a damaged cache) — then the caller splits the whole text.
    public func split(_ text: BookText, continuing scan: HeadingScan) -> (index: ChapterIndex, scan: HeadingScan)? {
        guard scan.pattern == pattern else { return nil }
        return text.utf8.withUnsafeBufferPointer { bytes -> (index: ChapterIndex, scan: HeadingScan)? in
            guard scan.length < bytes.count else { return nil }
            // A line start, in order, inside the old text (a damaged cache may say anything).
            var previousStart = -1
            func startsALine(_ start: Int) -> Bool {
                start > previousStart && start <= scan.length && (start == 0 || bytes[start - 1] == 0x0A)
            }
            var found: [FoundHeading] = []
            found.reserveCapacity(scan.lines.count + 16)
            var scalars: [Unicode.Scalar] = []
            let matcher = custom?.matcher()
            for line in scan.lines.dropLast() {
                // Each of these lines ended before the old end, so reads the same as it did.
                guard startsALine(line.lineStart), line.lineStart < scan.length else { return nil }
                let lineEnd = LineBounds.end(bytes, from: line.lineStart, limit: scan.length)
                guard lineEnd < scan.length else { return nil }
                previousStart = line.lineStart
                let (start, end) = Blanks.trimmed(bytes, line.lineStart, lineEnd)
                guard start < end,
                    let heading = heading(
                        bytes, lineStart: line.lineStart, lineEnd: lineEnd, trimmed: start..<end,
                        textLinesBefore: line.textLinesBefore, longestTextLineBefore: line.longestTextLineBefore,
                        scalars: &scalars, matcher: matcher)
                else { return nil }
                found.append(heading)
            }
            let last = scan.lines.last
            guard startsALine(last?.lineStart ?? 0) else { return nil }
            var trace: ChapterTrace?
            found += findHeadings(
                bytes, trace: &trace, from: last?.lineStart ?? 0, textLines: last?.textLinesBefore ?? 0,
                longestTextLine: last?.longestTextLineBefore ?? 0)
            let lines = self.scan(found, length: bytes.count)
            return (decide(found, bytes, trace: &trace), lines)
        }
    }

    func scan(_ found: [FoundHeading], length: Int) -> HeadingScan {
        HeadingScan(
            lines: found.map {
                HeadingScan.Line(
                    lineStart: $0.lineStart, textLinesBefore: $0.textLinesBefore,
                    longestTextLineBefore: $0.longestTextLineBefore)
            }, length: length, pattern: pattern)
    }
}
