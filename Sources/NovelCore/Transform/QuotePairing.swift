/// Pairs straight quotes `"` and `'` in CJK text into opening and closing marks.
///
/// Within a paragraph the context decides where it can (after a colon, a comma or at the start a quote
/// opens; before a stop, a comma or at the end it closes) and otherwise quotes alternate. A quotation
/// runs on across paragraphs as printed books do it: when a paragraph leaves a quote open, the next
/// paragraph continues it unless it starts with a quote of its own (the printed convention of
/// reopening each continued paragraph). An apostrophe between two Latin letters is not a quote.
struct QuotePairing {
    /// Whether the quotes are shown as “ ” ‘ ’ (otherwise as written; the roles hold either way).
    let smart: Bool
    private var doubleOpen = false
    private var singleOpen = false

    init(smart: Bool) {
        self.smart = smart
    }

    static let leftDouble: [UInt8] = Array("\u{201C}".utf8)
    static let rightDouble: [UInt8] = Array("\u{201D}".utf8)
    static let leftSingle: [UInt8] = Array("\u{2018}".utf8)
    static let rightSingle: [UInt8] = Array("\u{2019}".utf8)

    /// A blank or hidden line: nothing to do (a quotation may still run on).
    mutating func endParagraph() {}

    /// A paragraph starts with `line`: one that starts with a quote reopens the quotation.
    mutating func startParagraph(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineFacts) {
        if line.firstScalar == 0x22 { doubleOpen = false }
        if line.firstScalar == 0x27 { singleOpen = false }
    }

    /// The role of quote `byte` between scalars `before` and `after` (0 at the paragraph's edges), and
    /// the glyph to show (nil: as written); nil when it is an apostrophe.
    mutating func role(of byte: UInt8, before: UInt32, after: UInt32) -> (opens: Bool, shown: [UInt8]?)? {
        let isDouble = byte == 0x22
        if !isDouble && ParagraphJoin.isLetter(before) && ParagraphJoin.isLetter(after) { return nil }
        let open = isDouble ? doubleOpen : singleOpen
        let opens: Bool
        if Self.opensAfter(before) && !Self.closesBefore(after) {
            opens = true
        } else if Self.closesBefore(after) && !Self.opensAfter(before) {
            opens = false
        } else {
            opens = !open
        }
        if isDouble { doubleOpen = opens } else { singleOpen = opens }
        guard smart else { return (opens, nil) }
        return (opens, isDouble ? (opens ? Self.leftDouble : Self.rightDouble) : (opens ? Self.leftSingle : Self.rightSingle))
    }

    /// After these a quote opens: the paragraph's start, blanks, a colon, a comma, an opening bracket.
    static func opensAfter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0, 0x20, 0x09, 0x3000, 0xFF1A, 0x3A, 0xFF0C, 0x2C, 0x3001, 0xFF08, 0x28, 0x300C, 0x300E: true
        default: false
        }
    }

    /// Before these a quote closes: the paragraph's end, blanks, stops and pauses, a closing bracket.
    static func closesBefore(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0, 0x20, 0x09, 0x3000, 0x3002, 0xFF0C, 0x3001, 0xFF01, 0xFF1F, 0xFF1B, 0xFF1A, 0x2C, 0x2E, 0x21, 0x3F,
            0x3B, 0xFF09, 0x29, 0x300D, 0x300F, 0x2026:
            true
        default: false
        }
    }
}
