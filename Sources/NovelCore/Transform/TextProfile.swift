/// What a book's text looks like, decided once per book from samples of it: its script, whether its
/// paragraphs were hard-wrapped into lines (what `reflow = auto` follows), and how its paragraphs are
/// told apart (`ParagraphModel`).
///
/// A book is hard-wrapped when one band of line widths holds a large share of its lines, hardly any
/// line is wider, and most lines end in the middle of a sentence (a line that ends where its sentence
/// does is a paragraph's end). The band may be ragged: real wrappers stop before the word that does
/// not fit, at widths from 40 to 120 columns. `novel info` prints the decision and `reason`.
public struct TextProfile: Sendable, Equatable {
    /// How the book marks where a paragraph ends, read from the whole book: what decides whether a
    /// line end inside the text is the wrapper's or the author's.
    public enum ParagraphModel: String, Sendable {
        /// A blank line ends a paragraph (every Gutenberg text, many Chinese files); the other line
        /// ends inside a block are soft wraps, but for verse, lists, tables, letters' short lines and
        /// indented lines, which keep their line breaks without starting a paragraph.
        case blankLines = "blank-line paragraphs"
        /// A paragraph starts with an indent and its continuation lines start at the margin.
        case indented = "indented paragraphs"
        /// Neither: a line is joined to the one before only when its first word would not have fit
        /// there within the wrap width (`ParagraphJoin`).
        case fitted = "fit-based paragraphs"
    }

    public enum Script: String, Sendable {
        /// Chinese or Japanese: lines join without a space.
        case cjk
        /// Latin letters: lines join with one space.
        case latin
    }

    public var script: Script
    public var isHardWrapped: Bool
    /// The width lines were wrapped at (estimated columns), when a dominant band was found.
    public var wrapWidth: Int?
    /// How paragraphs end; `fitted` unless the book is hard-wrapped.
    public var paragraphs: ParagraphModel
    /// Why, in words, for `novel info`.
    public var reason: String

    public init(
        script: Script, isHardWrapped: Bool, wrapWidth: Int?, paragraphs: ParagraphModel = .fitted, reason: String
    ) {
        self.script = script
        self.isHardWrapped = isHardWrapped
        self.wrapWidth = wrapWidth
        self.paragraphs = paragraphs
        self.reason = reason
    }

    /// Bytes read from each of the start, middle and end of the text.
    static let sampleBytes = 96 * 1024
    /// Fewer lines than this in the band is too little evidence.
    static let minimumBandLines = 12
    /// Wrap widths a hard-wrapping tool is found to use (columns): narrower bands are verse or lists,
    /// wider ones paragraphs a line.
    static let wrapWidths = 40...120

    /// The columns below the wrap width that still count as a full line: a CJK wrapper fills its
    /// lines to the character (one character of slack for a mark it kept off a line start); a Latin
    /// one stops before the word that does not fit.
    static func bandTolerance(_ script: Script, width: Int) -> Int {
        script == .cjk ? 2 : max(6, width / 6)
    }

    public static func of(_ text: BookText) -> TextProfile {
        text.utf8.withUnsafeBufferPointer { analyse($0) }
    }

    /// The profile of UTF-8 text `bytes` (any bytes: invalid sequences only make the estimate rougher).
    static func analyse(_ bytes: UnsafeBufferPointer<UInt8>) -> TextProfile {
        let sample = Sample(bytes)
        let script: Script = sample.wideLeads * 4 >= sample.latinLetters ? .cjk : .latin
        let (best, bestWidth) = densestBand(sample.widths, script: script)
        guard sample.lines > 0, best >= minimumBandLines else {
            return TextProfile(
                script: script, isHardWrapped: false, wrapWidth: nil,
                reason: "not hard-wrapped: no width shared by \(minimumBandLines) lines or more")
        }
        return verdict(sample, script: script, bestWidth: bestWidth)
    }

    /// What the sample windows' lines say: how many non-blank lines of each width (the last bucket holds
    /// every wider line), how many of those end mid-sentence, their paragraph shape, and the bytes that
    /// tell the script.
    private struct Sample {
        var widths = [Int](repeating: 0, count: 512)
        var midSentence = [Int](repeating: 0, count: 512)
        var lines = 0
        var shape = BlockShape()
        var wideLeads = 0
        var latinLetters = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            for window in TextProfile.sampleWindows(bytes.count) {
                var start = TextProfile.lineStart(bytes, window.lowerBound)
                var previous: LineFacts?
                while start < window.upperBound {
                    let end = LineBounds.end(bytes, from: start)
                    let line = LineFacts.of(bytes, start..<end)
                    shape.add(line, after: previous)
                    previous = line
                    if !line.isBlank { add(line, bytes) }
                    start = end + 1
                }
            }
        }

        private mutating func add(_ line: LineFacts, _ bytes: UnsafeBufferPointer<UInt8>) {
            lines += 1
            let width = min(line.width, widths.count - 1)
            widths[width] += 1
            if !SentenceEnd.contains(line.lastScalar) { midSentence[width] += 1 }
            for index in line.content {
                let byte = bytes[index]
                if byte >= 0xE3 && byte <= 0xE9 { wideLeads += 1 }
                if byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A { latinLetters += 1 }
            }
        }
    }

    /// The densest band of widths (lines at least 16 columns wide): how many lines it holds and its top.
    private static func densestBand(_ widths: [Int], script: Script) -> (lines: Int, width: Int) {
        var best = 0
        var bestWidth = 0
        // (The last bucket holds every wider line: not a width.)
        for width in 16..<(widths.count - 1) {
            let tolerance = bandTolerance(script, width: width)
            let count = widths[max(0, width - tolerance)...width].reduce(0, +)
            if count > best {
                best = count
                bestWidth = width
            }
        }
        // A Latin band's top is the widest width used by more than the odd line, which the densest
        // window may have cut off (a stray long line, such as a licence banner, is not the width). A
        // CJK band's top is the width: lines past it hang a closing mark over the edge.
        let common = max(2, best / 20)
        for width in stride(
            from: min(widths.count - 1, bestWidth + bandTolerance(script, width: bestWidth)), to: bestWidth, by: -1)
        where script == .latin && widths[width] >= common {
            bestWidth = width
            break
        }
        return (best, bestWidth)
    }

    /// The decision, with its reason, for a sample whose densest band tops at `bestWidth`.
    private static func verdict(_ sample: Sample, script: Script, bestWidth: Int) -> TextProfile {
        let (widths, lines) = (sample.widths, sample.lines)
        let tolerance = bandTolerance(script, width: bestWidth)
        let band = max(0, bestWidth - tolerance)...bestWidth
        let bandLines = widths[band].reduce(0, +)
        let bandMid = sample.midSentence[band].reduce(0, +)
        let wider = widths[min(widths.count - 1, bestWidth + (script == .cjk ? 3 : 2))...].reduce(0, +)
        let share = bandLines * 100 / lines
        let midShare = bandMid * 100 / max(1, bandLines)
        let widerShare = wider * 100 / lines
        let range = "\(band.lowerBound)–\(band.upperBound) columns"
        // A book of blocks or indented paragraphs is read from its line ends and the top of its widths,
        // whatever the band's share: a ragged wrapper spreads its lines over 20 columns.
        // The band's top stays the width joins are measured against: the common maximum only gates.
        if wrapTop(widths, lines: lines) != nil, let model = sample.shape.model() {
            let reason = "hard-wrapped at \(bestWidth) columns, \(model.rawValue): \(sample.shape.describe(model))"
            return TextProfile(
                script: script, isHardWrapped: true, wrapWidth: bestWidth, paragraphs: model, reason: reason)
        }
        let hardWrapped = share >= 35 && midShare >= 50 && widerShare <= 5
        let reason: String
        if hardWrapped {
            reason =
                "hard-wrapped at \(bestWidth) columns: \(share)% of lines are \(range) wide and \(midShare)% of those end mid-sentence"
        } else if share < 35 {
            reason = "not hard-wrapped: only \(share)% of lines are \(range) wide"
        } else if widerShare > 5 {
            reason = "not hard-wrapped: \(widerShare)% of lines are wider than \(bestWidth) columns"
        } else {
            reason = "not hard-wrapped: only \(midShare)% of the \(range) lines end mid-sentence"
        }
        return TextProfile(script: script, isHardWrapped: hardWrapped, wrapWidth: bestWidth, reason: reason)
    }

    /// The widest width used by all but the widest 2% of `lines`, when it is a width wrappers use and
    /// hardly a line (1%) is much wider (a fifth): the common maximum of a hard-wrapped text.
    static func wrapTop(_ widths: [Int], lines: Int) -> Int? {
        var wider = 0
        var top = widths.count - 1
        while top > 0 && (wider + widths[top]) * 50 <= lines {
            wider += widths[top]
            top -= 1
        }
        guard wrapWidths.contains(top) else { return nil }
        let muchWider = widths[min(widths.count - 1, top + top / 5 + 1)...].reduce(0, +)
        return muchWider * 100 <= lines ? top : nil
    }

    /// Start, middle and end windows of the text (one window when it is short).
    private static func sampleWindows(_ count: Int) -> [Range<Int>] {
        if count <= 3 * sampleBytes { return [0..<count] }
        let middle = count / 2 - sampleBytes / 2
        return [0..<sampleBytes, middle..<(middle + sampleBytes), (count - sampleBytes)..<count]
    }

    /// The start of the line that holds `offset` or, inside a window, the next line's start.
    private static func lineStart(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        LineBounds.start(bytes, atOrAfter: offset)
    }
}
