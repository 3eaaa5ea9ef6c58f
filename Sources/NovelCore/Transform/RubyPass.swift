/// Hides ruby readings (`RubyDisplay.hidden`): the bracketed readings an EPUB's text holds after their base
/// text are left out of what is shown, keeping every shown byte mapped back to the book text
/// (`DisplayTextRewriter`). A hidden reading's bytes belong to no shown byte, so a position inside one
/// shows at the text after it, and every other position is where it was.
enum RubyPass {
    /// `source` without the readings (ranges of the book text, in order, not overlapping), or nil when
    /// none of them is shown in it.
    static func hide(_ readings: some Collection<Range<Int>>, in source: DisplayText) -> DisplayText? {
        source.utf8.withUnsafeBufferPointer { bytes -> DisplayText? in
            var rewriter = DisplayTextRewriter(source: source, bytes: bytes)
            var copied = 0
            for reading in readings {
                let start = max(copied, source.map.displayOffset(ofOriginal: reading.lowerBound))
                let end = max(start, source.map.displayOffset(ofOriginal: reading.upperBound))
                guard start < end else { continue }
                rewriter.keep(copied..<start)
                rewriter.replace(start..<end, [])
                copied = end
            }
            guard rewriter.changed else { return nil }
            rewriter.keep(copied..<bytes.count)
            return rewriter.finish()
        }
    }
}
