/// The title lines found under a bare heading: one to three lines of the text (three only in English,
/// whose long titles wrap), and where the chapter's text starts after them. Ranges, not Strings: an
/// English book may have a titled heading every few hundred bytes, and a title is made into a String
/// once, for its entry.
struct TitleLines {
    var first: Range<Int>
    var second: Range<Int>?
    var third: Range<Int>? = nil
    /// Just past the last title line and its line feed.
    var end: Int

    var count: Int { 1 + (second == nil ? 0 : 1) + (third == nil ? 0 : 1) }

    /// The last of the lines.
    var last: Range<Int> { third ?? second ?? first }

    /// Adds the line at `line`, which ends just before `end`, after the others.
    mutating func append(_ line: Range<Int>, end: Int) {
        if second == nil { second = line } else { third = line }
        self.end = end
    }
}

/// What completes a bare heading's title (`BareHeadingTitle`): one or two parts of the text — its title
/// lines, or a list of contents' title for it (and, in Chinese, that entry's next line) — after a
/// joiner and with a separator between them: in English a space, or a full stop and a space after a
/// heading that ends without a mark, then spaces (`CHAPTER I.` + ` ` + `THE STORM`, `IV` + `. ` +
/// `THE STORM`); in Chinese ideographic spaces (`第一回` + `　` + `甲` + `　` + `乙`).
struct TitleCompletion {
    var english: Bool
    var first: Range<Int>
    var second: Range<Int>?
    var third: Range<Int>? = nil

    /// The heading at `heading` with its completion, made in one String.
    func title(after heading: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var joiner = english ? EnglishTitleLines.joiner(after: heading, bytes) : "\u{3000}"
        var separator = english ? " " : "\u{3000}"
        return joiner.withUTF8 { joinerBytes in
            separator.withUTF8 { separatorBytes in
                let total =
                    heading.count + joinerBytes.count + first.count
                    + (second.map { separatorBytes.count + $0.count } ?? 0)
                    + (third.map { separatorBytes.count + $0.count } ?? 0)
                return String(unsafeUninitializedCapacity: total) { buffer in
                    var written = 0
                    func put(_ piece: UnsafeBufferPointer<UInt8>) {
                        guard let source = piece.baseAddress, let target = buffer.baseAddress else { return }
                        (target + written).initialize(from: source, count: piece.count)
                        written += piece.count
                    }
                    put(UnsafeBufferPointer(rebasing: bytes[heading]))
                    put(joinerBytes)
                    put(UnsafeBufferPointer(rebasing: bytes[first]))
                    for line in [second, third] {
                        guard let line else { continue }
                        put(separatorBytes)
                        put(UnsafeBufferPointer(rebasing: bytes[line]))
                    }
                    return written
                }
            }
        }
    }
}
