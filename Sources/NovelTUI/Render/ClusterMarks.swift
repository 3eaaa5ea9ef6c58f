import NovelCore

/// What marks a cluster on screen beyond its line's style, found from the cluster's bytes in the book
/// text (`PlacedCluster.bytes`, the same however the text is shown, so converted or reflowed text is
/// marked where its source was): search matches (the current one apart), the book's emphasis (bold,
/// italic, underline), its links (underlined) and the link selected (reverse and underlined). The one
/// path from a displayed cluster to its marks; nothing here moves a cluster.
struct ClusterMarks {
    /// Search matches on screen, in text order.
    var matches: [Range<Int>] = []
    var currentMatch: Range<Int>?
    /// The book's styled runs on screen, in text order (`BookMarkup.styles`); left empty in a disguise,
    /// whose screen must look like plain code or a log.
    var styles: ArraySlice<StyledRange> = []
    /// The book's links on screen, in text order.
    var links: [Range<Int>] = []
    var selectedLink: Range<Int>?
    /// The sentence being read aloud: bold and underlined, which every theme and `NO_COLOR` keep and no
    /// color or reverse video of a match or a link undoes.
    var spoken: Range<Int>?

    /// `base` with the marks of the cluster whose book bytes are `bytes`.
    func style(for bytes: Range<Int>, base: Style) -> Style {
        var style = base
        if let run = SortedRanges.firstOverlapping(bytes, in: styles, range: \.range) {
            let emphasis = styles[styles.startIndex + run].style
            style.bold = style.bold || emphasis.contains(.bold)
            style.italic = style.italic || emphasis.contains(.italic)
            style.underline = style.underline || emphasis.contains(.underline)
        }
        if SortedRanges.firstOverlapping(bytes, in: links, range: { $0 }) != nil { style.underline = true }
        if let selectedLink, selectedLink.overlaps(bytes) {
            style.reverse = true
            style.underline = true
        }
        if let spoken, spoken.overlaps(bytes) {
            style.bold = true
            style.underline = true
        }
        if let match = SortedRanges.firstOverlapping(bytes, in: matches, range: { $0 }) {
            style.role = matches[match] == currentMatch ? .currentMatch : .match
        }
        return style
    }

    /// Whether the clusters of `first` and `second` lie in one link or one underlined run, so that the
    /// blank between them on a line (a space the layouter leaves as a gap) is underlined with them.
    func joins(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        func holdsBoth(_ range: Range<Int>) -> Bool {
            range.contains(first.lowerBound) && range.contains(second.lowerBound)
        }
        if let link = SortedRanges.firstOverlapping(first, in: links, range: { $0 }), holdsBoth(links[link]) {
            return true
        }
        if let selectedLink, holdsBoth(selectedLink) { return true }
        if let spoken, holdsBoth(spoken) { return true }
        guard let run = SortedRanges.firstOverlapping(first, in: styles, range: \.range) else { return false }
        let styled = styles[styles.startIndex + run]
        return styled.style.contains(.underline) && holdsBoth(styled.range)
    }
}
