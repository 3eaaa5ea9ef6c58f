/// Pairs straight quotes `"` and `'` into opening and closing marks, in CJK and in Latin text.
///
/// Within a paragraph the context decides where it can (after a colon, a comma, a dash or at the start a
/// quote opens; before a stop, a comma or at the end it closes) and otherwise quotes alternate. A
/// quotation runs on across paragraphs as printed books do it: when a paragraph leaves a quote open,
/// the next paragraph continues it unless it starts with a quote of its own (the printed convention of
/// reopening each continued paragraph). An apostrophe between two letters is not a quote; in Latin
/// text it is shown ’, as are elisions (`'tis`, `'90s`, `rock 'n' roll`) and a possessive after a word
/// (`the Joneses'`).
struct QuotePairing {
    /// Whether the quotes are shown as “ ” ‘ ’ (otherwise as written; the roles hold either way).
    let smart: Bool
    /// Latin text: apostrophes and elisions are shown ’ too.
    let latin: Bool
    private var doubleOpen = false
    private var singleOpen = false

    init(smart: Bool, latin: Bool = false) {
        self.smart = smart
        self.latin = latin
    }

    /// What a straight quote becomes: its role for the line breaker (nil for an apostrophe, which has
    /// none) and the glyph shown (nil: as written).
    struct Mark: Equatable {
        var opens: Bool?
        var shown: [UInt8]?
    }

    /// Words written with a leading apostrophe in place of lost letters: `'tis`, `'em`, `rock 'n' roll`.
    static let elisions: Set<[UInt8]> = Set(
        ["tis", "twas", "twere", "twill", "twould", "em", "n", "cause", "til", "bout", "ere"].map { Array($0.utf8) })

    /// Whether the word starting at `start` (after a quote) is an elision or a number (`'90s`).
    static func isElision(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        if bytes[start] >= 0x30 && bytes[start] <= 0x39 { return true }
        var word: [UInt8] = []
        var index = start
        while index < end, word.count <= 6, bytes[index] | 0x20 >= 0x61, bytes[index] | 0x20 <= 0x7A {
            word.append(bytes[index] | 0x20)
            index += 1
        }
        return elisions.contains(word)
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

    /// The mark for quote `byte` between scalars `before` and `after` (0 at the paragraph's edges); nil
    /// when it stays as written with no role (an apostrophe in CJK text). `elision`: a Latin word that
    /// lost its first letters follows (`'tis`).
    mutating func role(of byte: UInt8, before: UInt32, after: UInt32, elision: Bool = false) -> Mark? {
        let isDouble = byte == 0x22
        if !isDouble {
            let apostrophe = ParagraphJoin.isLetter(before) && ParagraphJoin.isLetter(after)
            if latin {
                if apostrophe || (elision && !Self.isWord(before)) {
                    return Mark(opens: nil, shown: smart ? Self.rightSingle : nil)
                }
                // After a word, with no quotation open: a possessive (the Joneses').
                if Self.isWord(before) && !singleOpen { return Mark(opens: nil, shown: smart ? Self.rightSingle : nil) }
            } else if apostrophe {
                return nil
            }
        }
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
        guard smart else { return Mark(opens: opens, shown: nil) }
        return Mark(
            opens: opens,
            shown: isDouble
                ? (opens ? Self.leftDouble : Self.rightDouble) : (opens ? Self.leftSingle : Self.rightSingle))
    }

    /// A letter or a digit.
    static func isWord(_ scalar: UInt32) -> Bool {
        ParagraphJoin.isLetter(scalar) || (scalar >= 0x30 && scalar <= 0x39)
    }

    /// After these a quote opens: the paragraph's start, blanks, a colon, a comma, an opening bracket, a
    /// dash, an opening quote.
    static func opensAfter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0, 0x20, 0x09, 0x3000, 0xFF1A, 0x3A, 0xFF0C, 0x2C, 0x3001, 0xFF08, 0x28, 0x300C, 0x300E, 0x5B, 0x2D,
            0x2014,
            0x201C, 0x2018, 0x22:
            true
        default: false
        }
    }

    /// Before these a quote closes: the paragraph's end, blanks, stops and pauses, a closing bracket, a
    /// dash.
    static func closesBefore(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0, 0x20, 0x09, 0x3000, 0x3002, 0xFF0C, 0x3001, 0xFF01, 0xFF1F, 0xFF1B, 0xFF1A, 0x2C, 0x2E, 0x21, 0x3F,
            0x3B, 0xFF09, 0x29, 0x300D, 0x300F, 0x2026, 0x5D, 0x2D, 0x2014, 0x3A:
            true
        default: false
        }
    }
}
