/// A link in a book's text: the bytes of its text, where it leads and whether it calls up a note.
public struct BookLink: Sendable, Equatable {
    /// The link text's bytes in the book text.
    public var range: Range<Int>
    /// The book text offset it leads to; nil when it leads outside the book (a web address, a file the
    /// book does not hold).
    public var target: Int?
    /// A note reference (a footnote or endnote marker): opened in place rather than followed.
    public var isNote: Bool

    public init(range: Range<Int>, target: Int?, isNote: Bool) {
        self.range = range
        self.target = target
        self.isNote = isNote
    }
}

/// What a book marks beyond its text (an EPUB's emphasis and links), as byte ranges of the book text;
/// nil on a book that has none (a .txt book). Display transforms never move positions, so these ranges
/// hold for the text however it is shown.
public struct BookMarkup: Sendable, Equatable {
    /// Styled runs in text order, none overlapping another, none empty: runs given overlapping are cut
    /// where they meet, a piece covered by several taking all their styles.
    public let styles: [StyledRange]
    /// Links in text order, none empty; a link that starts inside the one before it is dropped (links do
    /// not nest in HTML, so only a broken document gives such a pair).
    public let links: [BookLink]
    /// Ruby readings (furigana) in brackets after their base text, in text order, none empty or
    /// overlapping another: shown or hidden by the `ruby` setting (`RubyDisplay`, `RubyPass`).
    public let rubyReadings: [Range<Int>]

    public init(styles: [StyledRange] = [], links: [BookLink] = [], rubyReadings: [Range<Int>] = []) {
        self.styles = Self.separated(styles)
        var readings: [Range<Int>] = []
        for reading in rubyReadings.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound })
        where readings.last.map({ $0.upperBound <= reading.lowerBound }) ?? true {
            readings.append(reading)
        }
        self.rubyReadings = readings
        var kept: [BookLink] = []
        for link in links.filter({ !$0.range.isEmpty }).sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where kept.last.map({ $0.range.upperBound <= link.range.lowerBound }) ?? true {
            kept.append(link)
        }
        self.links = kept
    }

    /// The style of the byte at `offset` (none outside every run).
    public func style(at offset: Int) -> TextStyle {
        SortedRanges.firstOverlapping(offset..<offset + 1, in: styles, range: \.range).map { styles[$0].style } ?? []
    }

    /// The styled runs that share a byte with `range`, in text order.
    public func styles(overlapping range: Range<Int>) -> ArraySlice<StyledRange> {
        styles[SortedRanges.overlapping(range, in: styles, range: \.range)]
    }

    /// The runs of code and preformatted text (`TextStyle.code`) that share a byte with `range`, in text
    /// order: typography leaves them as written.
    public func verbatim(overlapping range: Range<Int>) -> [Range<Int>] {
        styles(overlapping: range).filter { $0.style.contains(.code) }.map(\.range)
    }

    /// The runs of preformatted text (`TextStyle.preformatted`) that share a byte with `range`, in text
    /// order, runs that touch joined: the layouter keeps their lines as written.
    public func preformatted(overlapping range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for styled in styles(overlapping: range) where styled.style.contains(.preformatted) {
            if let last = runs.last, last.upperBound == styled.range.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<styled.range.upperBound
            } else {
                runs.append(styled.range)
            }
        }
        return runs
    }

    /// The ruby readings that share a byte with `range`, in text order.
    public func rubyReadings(overlapping range: Range<Int>) -> ArraySlice<Range<Int>> {
        rubyReadings[SortedRanges.overlapping(range, in: rubyReadings, range: \.self)]
    }

    /// The indices in `links` of the links that share a byte with `range`, in text order.
    public func links(overlapping range: Range<Int>) -> Range<Int> {
        SortedRanges.overlapping(range, in: links, range: \.range)
    }

    /// `styles` cut where they meet, in text order: each piece with the union of the styles covering it,
    /// neighbouring pieces of the same style joined, unstyled and empty pieces left out.
    static func separated(_ styles: [StyledRange]) -> [StyledRange] {
        let runs = styles.filter { !$0.range.isEmpty && !$0.style.isEmpty }
        let sorted = runs.sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard zip(sorted, sorted.dropFirst()).contains(where: { $0.range.upperBound > $1.range.lowerBound }) else {
            return joined(sorted)
        }
        let bounds = Set(runs.flatMap { [$0.range.lowerBound, $0.range.upperBound] }).sorted()
        var pieces: [StyledRange] = []
        var open = 0
        var active: [StyledRange] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            active.removeAll { $0.range.upperBound <= start }
            while open < sorted.count, sorted[open].range.lowerBound <= start {
                active.append(sorted[open])
                open += 1
            }
            let style = active.reduce(into: TextStyle()) { $0.formUnion($1.style) }
            if !style.isEmpty { pieces.append(StyledRange(range: start..<end, style: style)) }
        }
        return joined(pieces)
    }

    /// Runs in text order with a run that touches the one before it in the same style joined to it.
    private static func joined(_ runs: [StyledRange]) -> [StyledRange] {
        var joined: [StyledRange] = []
        for run in runs {
            if let last = joined.last, last.style == run.style, last.range.upperBound == run.range.lowerBound {
                joined[joined.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                joined.append(run)
            }
        }
        return joined
    }
}
