/// The reader's settings: one flat JSON object in settings.json (see docs/settings.md).
/// This value holds the validated settings; loading, validation and saving live in SettingsStore.
public struct Settings: Sendable, Equatable {
    /// How pages change: instant flips, line-by-line scrolling, or an animated flip.
    public enum Transition: String, Sendable, Codable, CaseIterable {
        case page, scroll, slide, cover
    }

    public enum Theme: String, Sendable, Codable, CaseIterable {
        case terminal, day, night, sepia
    }

    /// What the status bar shows on its right: the page and percent, the time left, or both.
    public enum StatusInfo: String, Sendable, Codable, CaseIterable {
        case progress, time, both
    }

    /// How the reader dresses the text for reading at work: as itself, as log records, or as comments
    /// in source code (drawn dim, the status bar to match). Only the drawing changes, never a position.
    public enum Disguise: String, Sendable, Codable, CaseIterable {
        case none, log, code
    }

    /// Two pages side by side like an open book when the window is wide enough for two text columns of
    /// the chosen width (`auto`), or always one page (`off`).
    public enum Spread: String, Sendable, Codable, CaseIterable {
        case auto, off
    }

    /// Each glyph drawn as if this many times larger: 1.0 to 3.0 in steps of 0.5.
    public var fontScale: Double = 1.0
    /// Maximum text columns; the block is centred in the terminal.
    public var width: Int = 80
    /// Cells left blank on each side of the text block.
    public var margin: Int = 2
    /// Blank rows after each text line.
    public var lineSpacing: Int = 0
    /// Blank cells after each grapheme cluster.
    public var letterSpacing: Int = 0
    /// Blank rows between paragraphs.
    public var paragraphSpacing: Int = 1
    /// Paragraph indent in full-width spaces (two cells each).
    public var indent: Int = 2
    public var ambiguousWidth: AmbiguousWidth = .narrow
    /// How strictly lines break around CJK punctuation (CSS `line-break`).
    public var lineBreak: LineBreakLevel = .strict
    public var transition: Transition = .page
    public var theme: Theme = .terminal
    public var statusBar: Bool = true
    public var statusInfo: StatusInfo = .progress
    /// Two pages side by side when they fit (page mode only; see `Spread`).
    public var spread: Spread = .auto
    /// Key overrides: command name → key names (see the keymap in NovelTUI).
    public var keymap: [String: [String]] = [:]
    /// Hard-wrapped lines joined into paragraphs: auto (when the book is found hard-wrapped), on, off.
    public var reflow: DisplayOptions.Reflow = .auto
    /// Straight quotes shown as “ ” ‘ ’ (and in Latin text `--` as an em dash).
    public var smartQuotes = true
    /// Illustrations and editorial notes: one caption line, hidden, or as written.
    public var illustrations: DisplayOptions.Illustrations = .caption
    /// Download-site junk lines hidden (never removed from the file).
    public var hideSiteJunk = true
    /// An EPUB's ruby (furigana): the reading in brackets after its base text, or hidden.
    public var ruby: RubyDisplay = .brackets
    /// Auto page turn's pace in page mode: seconds per page.
    public var autoPageSeconds: Int = 20
    /// Auto page turn's pace in scroll mode (and one-line readers): seconds per line.
    public var autoLineSeconds: Double = 1.5
    public var disguise: Disguise = .none
    /// The terminal window's title names the book (off: it says only "novel", so a glance at a task bar
    /// or a tmux window list does not tell what is being read).
    public var bookInTitle = false
    /// Simplified ⇄ Traditional conversion (an OpenCC configuration, or none).
    public var convert: Conversion = .none
    /// A folder whose `.txt` books the reader's library overlay lists after the recent ones ("": none).
    public var libraryFolder = ""
    /// The most the chapter-index cache may take on disk, in megabytes (1,000,000 bytes); the least
    /// recently used indexes go first (`ChapterIndexCache+Eviction`).
    public var cacheMegabytes = 300
    /// A WebDAV collection to sync places and bookmarks through ("": none; docs/sync.md). Its password is
    /// never a setting.
    public var syncURL = ""
    /// The user name for `syncURL`.
    public var syncUser = ""
    /// A folder another tool keeps in sync to sync through instead ("": none).
    public var syncFolder = ""
    /// Settings and cleaning rules are synced too (off: only places, bookmarks and reading time).
    public var syncSettings = false
    /// Places are shared with legado's progress files on the same WebDAV server.
    public var syncLegado = false
    /// This machine's name in sync messages ("": the host name).
    public var syncDevice = ""
    /// A CA certificate file to verify the WebDAV server with, besides the system's ("": none).
    public var syncCAFile = ""
    /// The espeak-ng voice read-aloud speaks in ("": from the book's language, `SpeechVoice`).
    public var speechVoice = ""
    /// espeak-ng's rate in words per minute (`SpeechRate`).
    public var speechRate = SpeechRate.defaultWordsPerMinute
    /// A command that speaks the text it reads on standard input, instead of espeak-ng ("": none).
    public var speechCommand = ""
    /// Read-aloud's sleep timer: stop after so many minutes, at the chapter's end, or never.
    public var speechSleep: SpeechSleep = .off

    /// The display transforms these settings choose.
    public var display: DisplayOptions {
        var options = DisplayOptions(
            reflow: reflow, smartQuotes: smartQuotes, hideSiteJunk: hideSiteJunk, illustrations: illustrations,
            convert: convert)
        options.ruby = ruby
        return options
    }

    public init() {}
}
