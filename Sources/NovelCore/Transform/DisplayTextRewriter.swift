/// Builds a new display text from an old one (`source`) piece by piece, keeping every byte mapped back
/// to the book text through the old one's map: a piece shown unchanged or character for character maps
/// as the old bytes in its place did; a replaced piece maps to all the original bytes of what it
/// replaces. Quote roles and the body start move with the text. Used by the passes that run over what
/// the other transforms show: the Chinese conversion and the cleaning rules.
struct DisplayTextRewriter {
    let source: DisplayText
    let bytes: UnsafeBufferPointer<UInt8>
    private var result: DisplayText
    private var roleCursor = 0
    private var bodyPlaced = false
    private(set) var changed = false

    init(source: DisplayText, bytes: UnsafeBufferPointer<UInt8>) {
        self.source = source
        self.bytes = bytes
        result = DisplayText(capacity: bytes.count + bytes.count / 8 + 16)
    }

    /// Source bytes `range` shown unchanged.
    mutating func keep(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        same(range, Array(bytes[range])[...])
    }

    /// `shown` stands for source bytes `range` byte for byte.
    mutating func same(_ range: Range<Int>, _ shown: ArraySlice<UInt8>) {
        guard !range.isEmpty else { return }
        if !changed, !shown.elementsEqual(bytes[range]) { changed = true }
        let start = result.utf8.count
        placeMarks(in: range) { start + ($0 - range.lowerBound) }
        result.append(shown, standingFor: range, of: source)
    }

    /// `shown` stands for the whole of source bytes `range`.
    mutating func replace(_ range: Range<Int>, _ shown: ArraySlice<UInt8>) {
        guard !range.isEmpty || !shown.isEmpty else { return }
        changed = true
        let start = result.utf8.count
        // Quote roles of text that is removed go with it.
        placeMarks(in: range, keepingRoles: !shown.isEmpty) { _ in start }
        result.replace(source.originalRange(range), with: shown)
    }

    /// Quote roles and the body start inside source bytes `range`, placed by `place`.
    private mutating func placeMarks(in range: Range<Int>, keepingRoles: Bool = true, place: (Int) -> Int) {
        let roles = source.quoteRoles
        while roleCursor < roles.count, roles[roleCursor].offset < range.upperBound {
            let role = roles[roleCursor]
            if keepingRoles, role.offset >= range.lowerBound {
                result.addQuoteRole(at: place(role.offset), opens: role.opens)
            }
            roleCursor += 1
        }
        if !bodyPlaced, source.bodyStart < range.upperBound {
            result.bodyStart = place(max(source.bodyStart, range.lowerBound))
            bodyPlaced = true
        }
    }

    func finish() -> DisplayText {
        var done = result
        if !bodyPlaced { done.bodyStart = done.utf8.count }
        return done
    }
}
