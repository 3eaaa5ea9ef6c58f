/// XML's white space (space, TAB, CR, LF): what attribute values and the text of titles are trimmed of
/// and collapsed by. U+3000 and no-break spaces are characters of the text here, not markup's layout.
enum XMLSpace {
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}

extension StringProtocol {
    /// The text without XML white space at either end.
    func trimmingXMLSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !XMLSpace.isSpace($0) }),
            let last = scalars.lastIndex(where: { !XMLSpace.isSpace($0) })
        else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// The text trimmed, with each run of XML white space inside it made one space (a title written over
    /// several lines of markup reads as one line).
    func collapsingXMLSpace() -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if XMLSpace.isSpace(scalar) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
