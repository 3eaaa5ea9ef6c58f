/// The settings that choose display transforms (part of `LayoutSettings`, so a change re-lays out).
public struct DisplayOptions: Sendable, Equatable, Hashable {
    /// Whether hard-wrapped lines are joined back into paragraphs.
    public enum Reflow: String, Sendable, CaseIterable {
        /// Joined when the book is found hard-wrapped (`TextProfile`).
        case auto
        case on
        case off
    }

    /// How illustrations and editorial notes (`[Illustration: …]`, `[Transcriber's Note: …]`) are shown.
    public enum Illustrations: String, Sendable, CaseIterable {
        /// One short line: a marker and the caption.
        case caption
        /// Not shown at all.
        case hide
        /// As the file has them.
        case raw

        /// What a caption line starts with; the reader draws such a line dimmed.
        public static let captionMarker = "\u{25A3}"
    }

    public var reflow: Reflow
    /// Straight quotes shown as “ ” ‘ ’, and in Latin text apostrophes as ’ and `--` as an em dash (CJK
    /// quotes are paired and kept off the wrong line end either way).
    public var smartQuotes: Bool
    public var illustrations: Illustrations
    /// Download-site lines (`SiteJunk`) hidden; never removed from the file.
    public var hideSiteJunk: Bool
    /// Simplified ⇄ Traditional conversion through OpenCC, applied last.
    public var convert: Conversion
    /// Ruby readings (an EPUB's furigana) shown in brackets after their base text, or hidden (`RubyPass`).
    public var ruby: RubyDisplay = .brackets
    /// The book's cleaning rules (`rules.json`), applied before the conversion; built-in site-junk rules
    /// switched off there are skipped by `hideSiteJunk`.
    public var cleaning = BookCleaning.none
    /// Straight quotes in CJK text get opening and closing roles for line breaking. Not a setting: on
    /// wherever the settings apply; off only in `verbatim`, the text exactly as the file has it.
    public var pairQuotes = true

    public init(
        reflow: Reflow = .auto, smartQuotes: Bool = true, hideSiteJunk: Bool = true,
        illustrations: Illustrations = .caption,
        convert: Conversion = .none
    ) {
        self.reflow = reflow
        self.convert = convert
        self.smartQuotes = smartQuotes
        self.hideSiteJunk = hideSiteJunk
        self.illustrations = illustrations
    }

    /// Every transform off: the text exactly as the file has it, laid out as if no transform existed.
    public static let verbatim: DisplayOptions = {
        var options = DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: false, illustrations: .raw)
        options.pairQuotes = false
        return options
    }()

    /// Whether lines are joined for a book with `profile`.
    public func reflows(_ profile: TextProfile) -> Bool {
        switch reflow {
        case .on: true
        case .off: false
        case .auto: profile.isHardWrapped
        }
    }
}
