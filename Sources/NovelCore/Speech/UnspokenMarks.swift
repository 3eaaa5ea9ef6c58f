/// What a page shows but a voice does not read: footnote markers (`[1]`, `[*]`, `［２］`, `〔3〕`, and an
/// EPUB's note references, which `BookMarkup` knows by their links) and image placeholders (`[image]`,
/// `[image: alt]` from an EPUB, and the caption line `▣ …` an illustration shows as).
enum UnspokenMarks {
    /// The largest number of characters between a footnote marker's brackets.
    static let maximumMarkerLength = 3

    /// Brackets that may hold a footnote marker: ASCII, fullwidth, and the tortoise-shell brackets of
    /// Chinese editions.
    private static let bracketPairs: [(open: Unicode.Scalar, close: Unicode.Scalar)] = [
        ("[", "]"), ("\u{FF3B}", "\u{FF3D}"), ("\u{3014}", "\u{3015}"),
    ]

    /// The placeholder an EPUB image becomes (`XHTMLTextBuilder`), as it opens.
    static let imageOpening = "[image"

    /// Whether a shown line whose first character is `first` is an illustration's caption line.
    static func isCaptionLine(_ first: Unicode.Scalar) -> Bool {
        DisplayOptions.Illustrations.captionMarker.unicodeScalars.first == first
    }

    /// The scalar ranges of `scalars` that are footnote markers or image placeholders. Found over the
    /// whole text before it is cut into sentences: a sentence boundary may fall inside a marker (`。”[1]`
    /// ends its sentence before the digit), and neither part of it is to be read.
    static func ranges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            if let end = markerEnd(scalars, from: index) ?? imageEnd(scalars, from: index) {
                found.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    /// Just past a footnote marker starting at `start`: an opening bracket, one to three digits (ASCII or
    /// fullwidth) or asterisks, its closing bracket.
    private static func markerEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard let pair = bracketPairs.first(where: { $0.open == scalars[start] }) else { return nil }
        var index = start + 1
        while index < scalars.count, index - start - 1 < maximumMarkerLength, isMarkerCharacter(scalars[index]) {
            index += 1
        }
        guard index > start + 1, index < scalars.count, scalars[index] == pair.close else { return nil }
        return index + 1
    }

    private static func isMarkerCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("\u{FF10}"..."\u{FF19}").contains(scalar) || scalar == "*"
            || scalar == "\u{FF0A}"
    }

    /// Just past an image placeholder starting at `start` (`[image]` or `[image: …]`, brackets inside
    /// the alt text balanced).
    private static func imageEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let opening = Array(imageOpening.unicodeScalars)
        guard start + opening.count < scalars.count, Array(scalars[start..<start + opening.count]) == opening else {
            return nil
        }
        let next = scalars[start + opening.count]
        guard next == "]" || next == ":" else { return nil }
        var depth = 0
        for index in start..<scalars.count {
            if scalars[index] == "[" { depth += 1 }
            if scalars[index] == "]" {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
        }
        return nil
    }
}
