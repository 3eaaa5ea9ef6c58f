/// Reading done and the time it took: what a reading speed (characters a minute) and a time left are
/// worked out from. Kept per book (`BookState.reading`) and over all books (`ReadingTotals`).
public struct ReadingTime: Sendable, Equatable, Codable {
    /// Characters (Unicode scalars) of the pages read while the time counted.
    public var characters: Int
    /// Seconds spent reading them: pauses and jumps left out (`ReadingMeter`).
    public var seconds: Double
    /// Times the reader was opened on the book.
    public var sessions: Int

    /// Below this much measured reading there is no speed yet: a few pages say little.
    public static let secondsForASpeed = 120.0

    public init(characters: Int = 0, seconds: Double = 0, sessions: Int = 0) {
        self.characters = characters
        self.seconds = seconds
        self.sessions = sessions
    }

    public static func + (left: ReadingTime, right: ReadingTime) -> ReadingTime {
        ReadingTime(
            characters: left.characters &+ right.characters, seconds: left.seconds + right.seconds,
            sessions: left.sessions &+ right.sessions)
    }

    /// Characters a minute, once enough reading was measured.
    public var charactersPerMinute: Double? {
        guard seconds >= Self.secondsForASpeed, characters > 0, seconds.isFinite else { return nil }
        return Double(characters) * 60 / seconds
    }

    /// Minutes to read `characters` more at this speed; nil without a speed.
    public func minutes(toRead characters: Int) -> Double? {
        charactersPerMinute.map { Double(max(characters, 0)) / $0 }
    }

    /// "14 h", "6 min", "< 1 min": a time left in words short enough for a status bar.
    public static func words(minutes: Double) -> String {
        guard minutes.isFinite else { return "?" }
        if minutes < 1 { return "< 1 min" }
        if minutes < 60 { return "\(Int(minutes.rounded())) min" }
        let hours = minutes / 60
        return hours < 10
            ? "\(Int(hours)) h \(Int(minutes.truncatingRemainder(dividingBy: 60))) min" : "\(Int(hours.rounded())) h"
    }
}
