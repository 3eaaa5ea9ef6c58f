/// The UAX #14 pair rules (Unicode 15.0, as ICU 72 implements them) between two `BreakClass`es,
/// tailored as CSS `line-break` does for Chinese at one `LineBreakLevel`, in a table of one byte per
/// pair, so that asking whether a line may break is one load.
///
/// Rules that need more than the two clusters beside a break are approximated by their pair form:
/// LB25 (numbers) by its pairs, as UAX #14 allows; LB21a (a Hebrew letter before a hyphen) and LB8a
/// (a cluster that ends in ZWJ) are left out (docs/layout.md).
struct BreakRules: @unchecked Sendable {
    /// For each pair `before << 6 | after`: bit 0, a break between them is allowed; bit 1, allowed when
    /// spaces stand between them; bit 2, allowed by kinsoku alone (a word longer than a line); bit 3, a
    /// pair never split (—— ……).
    /// Written once when built, read-only afterwards.
    private let pairs: UnsafeMutablePointer<UInt8>
    /// For each class: bit 0, never starts a line; bit 1, never ends one; bit 2, under a kinsoku rule.
    private let flags: UnsafeMutablePointer<UInt8>

    static let strict = BreakRules(.strict)
    static let normal = BreakRules(.normal)
    static let loose = BreakRules(.loose)

    static func rules(_ level: LineBreakLevel) -> BreakRules {
        switch level {
        case .strict: strict
        case .normal: normal
        case .loose: loose
        }
    }

    private init(_ level: LineBreakLevel) {
        pairs = .allocate(capacity: 64 * 64)
        pairs.initialize(repeating: 0, count: 64 * 64)
        flags = .allocate(capacity: 64)
        flags.initialize(repeating: 0, count: 64)
        for before in BreakClass.allCases {
            let resolvedBefore = Self.resolve(before, level)
            let endFlag: UInt8 = Self.forbidsEnd(resolvedBefore) ? 2 : 0
            let startFlag: UInt8 = Self.forbidsStart(resolvedBefore) ? 1 : 0
            let keptFlag: UInt8 = startFlag | endFlag != 0 || resolvedBefore == .breakBoth ? 4 : 0
            flags[Int(before.rawValue)] = startFlag | endFlag | keptFlag
            for after in BreakClass.allCases {
                let resolvedAfter = Self.resolve(after, level)
                var entry: UInt8 = 0
                switch Self.action(resolvedBefore, resolvedAfter) {
                case .direct: entry = 3
                case .indirect: entry = 2
                case .prohibited: entry = 0
                }
                let inseparable =
                    resolvedBefore == resolvedAfter
                    && (resolvedBefore == .breakBoth || resolvedBefore == .inseparable)
                if !Self.forbidsStart(resolvedAfter) && !Self.forbidsEnd(resolvedBefore) && !inseparable {
                    entry |= 4
                }
                if inseparable { entry |= 8 }
                pairs[Int(before.rawValue) << 6 | Int(after.rawValue)] = entry
            }
        }
    }

    /// UAX #14 LB20.1 (Unicode 15.1, which ICU 72 lacks): whether a `hyphen` that starts a word holds to
    /// the letter `after` it (`-webkit-`): one at the paragraph's start (`beforeHyphen` nil) or after a
    /// space, a mandatory break, a no-break glue, ZW or CB. The pair rules cannot say it: it takes the
    /// cluster before the hyphen.
    @inline(__always)
    static func holdsWordInitialHyphen(_ beforeHyphen: BreakClass?, _ hyphen: BreakClass, _ after: BreakClass) -> Bool {
        guard hyphen == .hyphen, after == .alphabetic || after == .hebrewLetter else { return false }
        guard let beforeHyphen else { return true }
        return [.space, .mandatory, .glue, .zeroWidthSpace, .contingent].contains(beforeHyphen)
    }

    /// Whether a line may break between adjacent clusters of classes `before` and `after`.
    @inline(__always)
    func allows(_ before: BreakClass, _ after: BreakClass) -> Bool {
        pairs[Int(before.rawValue) << 6 | Int(after.rawValue)] & 1 != 0
    }

    /// Whether a line may break after spaces that follow `before`, before `after`.
    @inline(__always)
    func allowsAfterSpaces(_ before: BreakClass, _ after: BreakClass) -> Bool {
        pairs[Int(before.rawValue) << 6 | Int(after.rawValue)] & 2 != 0
    }

    /// Whether kinsoku alone allows the break: used inside a word longer than a line.
    @inline(__always)
    func kinsokuAllows(_ before: BreakClass, _ after: BreakClass) -> Bool {
        pairs[Int(before.rawValue) << 6 | Int(after.rawValue)] & 4 != 0
    }

    /// Never starts a line (a closing mark, a nonstarter at this level …).
    @inline(__always)
    func forbidsLineStart(_ kind: BreakClass) -> Bool { flags[Int(kind.rawValue)] & 1 != 0 }

    /// Never ends a line (an opening mark).
    @inline(__always)
    func forbidsLineEnd(_ kind: BreakClass) -> Bool { flags[Int(kind.rawValue)] & 2 != 0 }

    /// Falls under a kinsoku rule: only a line made entirely of such clusters may break the rules.
    @inline(__always)
    func isProhibited(_ kind: BreakClass) -> Bool { flags[Int(kind.rawValue)] & 4 != 0 }

    /// Whether a line starting with `first` after `previous` breaks a kinsoku rule at its start: a
    /// closing mark, or the second half of —— or …….
    @inline(__always)
    func startsAgainstKinsoku(_ previous: BreakClass, _ first: BreakClass) -> Bool {
        forbidsLineStart(first) || isInseparable(previous, first)
    }

    /// —— or ……: two that are never split.
    @inline(__always)
    func isInseparable(_ before: BreakClass, _ after: BreakClass) -> Bool {
        pairs[Int(before.rawValue) << 6 | Int(after.rawValue)] & 8 != 0
    }

    /// The class a level's tailoring gives: CSS `normal` and `loose` let some nonstarters, postfix and
    /// prefix signs break as ideographs do (ICU's `line_normal_cj` and `line_loose_cj` lists).
    static func resolve(_ kind: BreakClass, _ level: LineBreakLevel) -> BreakClass {
        switch kind {
        case .conditionalJapaneseStarter, .nonstarterNormal: level == .strict ? .nonstarter : .ideographic
        case .nonstarterLoose: level == .loose ? .ideographic : .nonstarter
        case .exclamationLoose: level == .loose ? .ideographic : .exclamation
        case .breakAfterLoose: level == .loose ? .ideographic : .breakAfter
        case .postfixLoose: level == .loose ? .ideographic : .postfix
        case .prefixLoose: level == .loose ? .ideographic : .prefix
        default: kind
        }
    }

    /// Classes (resolved) that never start a line: the kinsoku "not at line start" marks.
    static func forbidsStart(_ kind: BreakClass) -> Bool {
        switch kind {
        case .close, .closeParenthesis, .exclamation, .infix, .symbol, .nonstarter, .inseparable, .closingQuote:
            true
        default: false
        }
    }

    /// Classes (resolved) that never end a line: opening marks.
    static func forbidsEnd(_ kind: BreakClass) -> Bool {
        kind == .open || kind == .openWide || kind == .openingQuote
    }

    enum Action {
        /// ÷: a line may break here.
        case direct
        /// × here, ÷ when spaces stand between (B SP* ÷ A).
        case indirect
        /// ×, even with spaces between (B SP* × A).
        case prohibited
    }

    /// UAX #14 rules LB4–LB31 (Unicode 15.0) for two resolved classes, `before` never a space (LB7 and
    /// LB18 are the caller's: no break before a space, a break after spaces unless this says prohibited).
    static func action(_ left: BreakClass, _ right: BreakClass) -> Action {
        // Switches, not sets: the table is built from these 4,096 calls before a book's first screen.
        func isLetter(_ kind: BreakClass) -> Bool { kind == .alphabetic || kind == .hebrewLetter }
        func isIdeograph(_ kind: BreakClass) -> Bool {
            kind == .ideographic || kind == .emojiBase || kind == .emojiModifier
        }
        if left == .mandatory { return .direct }  // LB4, LB5
        if right == .mandatory || right == .zeroWidthSpace { return .prohibited }  // LB6, LB7
        if left == .zeroWidthSpace { return .direct }  // LB8
        if right == .combiningMark {  // LB9: none before it; after spaces it is a letter (LB10)
            return action(left, .alphabetic) == .prohibited ? .prohibited : .indirect
        }
        // LB9 keeps a lone mark to the cluster before it; on its right it counts as a letter (LB10).
        var before = left == .combiningMark ? .alphabetic : left
        var after = right
        if after == .wordJoiner { return .prohibited }  // LB11
        if before == .wordJoiner || before == .glue { return .indirect }  // LB11, LB12
        if after == .glue { return before == .breakAfter || before == .hyphen ? .direct : .indirect }  // LB12a
        // LB13, with the closing quote as a closing mark (the reader's rule).
        if [.close, .closeParenthesis, .exclamation, .infix, .symbol, .closingQuote].contains(after) {
            return .prohibited
        }
        if forbidsEnd(before) { return .prohibited }  // LB14, with the opening quote as an opening mark
        if before == .quotation && (after == .open || after == .openWide) { return .prohibited }  // LB15
        // LB16
        if [.close, .closeParenthesis, .closingQuote].contains(before) && after == .nonstarter { return .prohibited }
        if before == .breakBoth && after == .breakBoth { return .prohibited }  // LB17
        if before == .quotation || after == .quotation { return .indirect }  // LB19
        // The curly quotes in place of LB19: an opening one is an opening mark on its left (LB30 keeps
        // it to a letter before it), a closing one keeps a letter or digit after it (don’t).
        if after == .openingQuote { after = .open }
        if before == .closingQuote {
            if isLetter(after) || after == .numeric { return .indirect }
            before = .close
        }
        if before == .contingent || after == .contingent { return .direct }  // LB20
        if [.breakAfter, .hyphen, .nonstarter].contains(after) || before == .breakBefore { return .indirect }  // LB21
        if before == .symbol && after == .hebrewLetter { return .indirect }  // LB21b
        if after == .inseparable { return .indirect }  // LB22
        if isLetter(before) && after == .numeric || before == .numeric && isLetter(after) {
            return .indirect  // LB23
        }
        if before == .prefix && isIdeograph(after) || isIdeograph(before) && after == .postfix {
            return .indirect  // LB23a
        }
        if [.prefix, .postfix].contains(before) && isLetter(after)
            || isLetter(before) && [.prefix, .postfix].contains(after)
        {
            return .indirect  // LB24
        }
        let numberPairs: [(BreakClass, BreakClass)] = [
            (.close, .postfix), (.closeParenthesis, .postfix), (.close, .prefix), (.closeParenthesis, .prefix),
            (.numeric, .postfix), (.numeric, .prefix), (.postfix, .open), (.postfix, .numeric), (.prefix, .open),
            (.prefix, .numeric), (.hyphen, .numeric), (.infix, .numeric), (.numeric, .numeric), (.symbol, .numeric),
        ]
        if numberPairs.contains(where: { $0 == (before, after) }) { return .indirect }  // LB25, as pairs
        if isLetter(before) && isLetter(after) { return .indirect }  // LB28
        if before == .infix && isLetter(after) { return .indirect }  // LB29
        if (isLetter(before) || before == .numeric) && after == .open { return .indirect }  // LB30
        if before == .closeParenthesis && (isLetter(after) || after == .numeric) { return .indirect }  // LB30
        if before == .emojiBase && after == .emojiModifier { return .indirect }  // LB30b
        return .direct  // LB31 (LB30a: regional indicator pairs are one cluster)
    }
}
