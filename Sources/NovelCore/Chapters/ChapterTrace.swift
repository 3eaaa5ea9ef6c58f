/// One line the splitter looked at, with what it decided and why (`novel toc --explain`).
public struct ExplainedLine: Sendable, Equatable {
    public enum Decision: String, Sendable {
        /// An entry of the table of contents.
        case chapter, volume, special
        /// Read as a heading by its line, then dropped by a whole-book check.
        case dropped
        /// Starts like a heading but refused by the line's own checks.
        case rejected
    }

    /// 1-based, as an editor counts after CRLF became LF.
    public var line: Int
    /// The line's first byte in the decoded text.
    public var offset: Int
    /// The trimmed line.
    public var text: String
    public var decision: Decision
    public var reason: String
}

/// Records, while the splitter runs, every candidate line and the step that decided it. Made only when
/// a user asks for an explanation: the ordinary split does none of this work.
struct ChapterTrace {
    typealias FoundHeading = ChapterSplitter.FoundHeading

    private var records: [Int: (text: String, decision: ExplainedLine.Decision, reason: String)] = [:]

    /// A line that starts like a heading but that the line rules refuse, with their reason.
    mutating func rejected(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, custom: Bool) {
        guard !custom else { return }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        guard let reason = HeadingMatcher.rejection(scalars, width: ChapterSplitter.cells(scalars)) else { return }
        records[range.lowerBound] = (text, .rejected, reason)
    }

    /// The headings of `found` whose `keep` is false, dropped for `reason`.
    mutating func dropped(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>, keep: [Bool], reason: String) {
        for index in found.indices where !keep[index] {
            records[found[index].lineStart] = (found[index].lineText(bytes), .dropped, reason)
        }
    }

    /// As above, each with its own reason.
    mutating func dropped(
        _ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>, keep: [Bool], reasons: [Int: String]
    ) {
        for index in found.indices where !keep[index] {
            records[found[index].lineStart] = (
                found[index].lineText(bytes), .dropped, reasons[found[index].lineStart] ?? "dropped"
            )
        }
    }

    /// Lines that are no heading but a running head folded into the next entry (the book's title repeated
    /// before its chapters), each with `reason`.
    mutating func runningHeads(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>], reason: String) {
        for line in lines {
            records[line.lowerBound] = (ChapterSplitter.text(bytes, line), .dropped, reason)
        }
    }

    /// The headings that make entries, with the rule that accepted each.
    mutating func kept(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>, ruleName: String) {
        for heading in found {
            let candidate = heading.candidate
            let decision: ExplainedLine.Decision
            var reason = "rule \(ruleName)"
            switch candidate.kind {
            case .volume:
                decision = .volume
                reason += ", volume"
            case .chapter:
                decision = .chapter
                reason += ", chapter"
            case .special:
                decision = .special
                reason += ", special section"
            }
            if let unit = candidate.unit { reason += " (第…\(unit))" }
            if let number = candidate.number { reason += " number \(number)" }
            if let label = candidate.volumeLabel { reason += ", in volume \(label)" }
            if let note = heading.note { reason += "; \(note.rawValue)" }
            let title = heading.title(bytes)
            let line = heading.lineText(bytes)
            if title != line { reason += "; title: \(title)" }
            records[heading.lineStart] = (line, decision, reason)
        }
    }

    /// Every recorded line in reading order, with its line number.
    func lines(_ bytes: UnsafeBufferPointer<UInt8>) -> [ExplainedLine] {
        var result: [ExplainedLine] = []
        var line = 1
        var position = 0
        for offset in records.keys.sorted() {
            guard let record = records[offset] else { continue }
            while position < offset {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
            result.append(
                ExplainedLine(
                    line: line, offset: offset, text: record.text, decision: record.decision, reason: record.reason))
        }
        return result
    }
}
