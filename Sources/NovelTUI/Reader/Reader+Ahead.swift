import NovelCore

/// Work done between keys so that a key finds it done. With a conversion on, laying out a chapter
/// converts it through OpenCC, which takes milliseconds for a long chapter: too long for the page turn
/// that enters it. So while no key is pending, the chapter after the one on screen is laid out (and
/// converted) ahead; the turn into it then finds it in the layout cache.
extension Reader {
    /// The shown chapter after the one on screen when it is not laid out yet and laying it out costs a
    /// conversion; nil when there is nothing worth doing ahead.
    var chapterAhead: Int? {
        guard canLayout, !entries.isEmpty else { return nil }
        // The conversion shown is ready (`conversionReadiness`): laying a chapter out never waits for a load.
        guard shownConversion != .none else { return nil }
        var entry = currentEntry + 1
        while entry < entries.count && !layout.isShown(entry) { entry += 1 }
        guard entry < entries.count, !layout.isCached(entry) else { return nil }
        return entry
    }

    public var hasWorkAhead: Bool { chapterAhead != nil }

    /// Lays out `chapterAhead`, if any.
    public mutating func workAhead() {
        if let entry = chapterAhead { _ = layout.chapter(entry) }
    }
}
