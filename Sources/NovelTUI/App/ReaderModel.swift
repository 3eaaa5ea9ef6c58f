import Foundation
import NovelCore

/// The pager as the app loop drives it: a pure state machine that renders a `Screen`.
/// `Reader` conforms; tests drive the loop with small fakes.
public protocol ReaderModel {
    mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction]
    /// Advances an animated transition.
    mutating func tick(now: Double)
    /// When the next animation frame is due (monotonic seconds), or nil when nothing moves.
    var nextDeadline: Double? { get }
    /// Shows a message such as a failed save in the status bar.
    mutating func report(_ message: String)
    func screen() -> Screen
    var position: ReadingPosition { get }
    /// `position.offset`, without making the rest of the position (asked after every event).
    var positionOffset: Int { get }
    /// The book's state as stored after a save (bookmarks another process added, ids as the file has
    /// them); `added` is the bookmark the reader asked for, as stored.
    mutating func adopt(_ stored: BookState, added: Bookmark?)
    var isFinished: Bool { get }
    /// This session's measured reading, saved with the book when the loop ends; nil when not measured.
    var sessionReading: ReadingTime? { get }
    /// The book's file changed and was opened again (`state` re-anchored to the new text): show it at the same place.
    mutating func reload(_ book: Book, state: BookState?)
    /// The window title to set when the reader starts (nil: leave the terminal's own).
    var windowTitle: String? { get }
    /// Whether there is work worth doing while no key is pending (`workAhead`).
    var hasWorkAhead: Bool { get }
    /// Does, between keys, work a later key would otherwise wait for (the next chapter's conversion).
    mutating func workAhead()
    /// Whether a search still has text to look through for its hits (`searchAhead`).
    var isSearching: Bool { get }
    /// Searches one more piece of the book for the last search's hits, while no key is pending; what is
    /// shown changes (their count, their list).
    mutating func searchAhead()
    /// The library overlay's books, listed by the host (`ReaderAction.listLibrary`); `current` is the
    /// absolute path of the book being read.
    mutating func showLibrary(_ books: [Shelf.Book], current: String, problems: [String])
    /// Another book, opened by the host (`ReaderAction.openBook`): show it at its own last place.
    mutating func switchBook(_ book: Book, state: BookState?)
    /// The book's sessions from the reading log, read by the host (`ReaderAction.loadReadingLog`).
    mutating func showStatistics(_ log: [ReadingLog.Entry], now: Date, timeZone: TimeZone)
    /// The conversion whose tables the model waits for (nil: none): the host asks its registry between
    /// events and tells the model when the load settled.
    var awaitedConversion: Conversion? { get }
    /// The event that the awaited conversion's load settled (`Reader.conversionSettled`).
    mutating func conversionSettled(_ conversion: Conversion, _ readiness: ConversionReadiness)
    /// The content fingerprint of the book shown, which sync keys it by (nil: nothing to sync).
    var bookFingerprint: String? { get }
    /// The book shown as legado knows it, when its place is exchanged with legado (`sync.legado`; nil: not).
    var legadoBook: LegadoBook? { get }
    /// A sync beside the reader finished: the book's state as stored after it (bookmarks from other
    /// machines; nil: none stored yet), and another machine's newer place to offer, if any.
    mutating func synced(_ stored: BookState?, offer: SyncOffer?, now: Date)
    /// What the voice should say now (nil: silence); the host speaks it through its `SpeechDriver`.
    var speechRequest: SpeechRequest? { get }
    /// What the host's speech reported since the last call (`SpeechDriver.drain`).
    mutating func speechReported(_ news: [SpeechNews])
}

extension ReaderModel {
    public var sessionReading: ReadingTime? { nil }
    public var positionOffset: Int { position.offset }
    public mutating func adopt(_ stored: BookState, added: Bookmark?) {}
    public mutating func reload(_ book: Book, state: BookState?) {}
    public var windowTitle: String? { nil }
    public var hasWorkAhead: Bool { false }
    public mutating func workAhead() {}
    public var isSearching: Bool { false }
    public mutating func searchAhead() {}
    public mutating func showLibrary(_ books: [Shelf.Book], current: String, problems: [String]) {}
    public mutating func switchBook(_ book: Book, state: BookState?) {}
    public mutating func showStatistics(_ log: [ReadingLog.Entry], now: Date, timeZone: TimeZone) {}
    public var awaitedConversion: Conversion? { nil }
    public mutating func conversionSettled(_ conversion: Conversion, _ readiness: ConversionReadiness) {}
    public var bookFingerprint: String? { nil }
    public var legadoBook: LegadoBook? { nil }
    public mutating func synced(_ stored: BookState?, offer: SyncOffer?, now: Date) {}
    public var speechRequest: SpeechRequest? { nil }
    public mutating func speechReported(_ news: [SpeechNews]) {}
}
