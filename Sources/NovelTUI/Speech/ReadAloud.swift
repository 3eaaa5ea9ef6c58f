import NovelCore

/// Read-aloud in the reader while it is on (`Reader+ReadAloud`): the sentences of the chapter being read
/// as it is shown, the one being said, and what the keys set (pause, rate, the sleep timer). Pure state:
/// the host speaks what `Reader.speechRequest` asks and reports the engine's events back.
struct ReadAloud: Equatable {
    /// The chapter whose sentences these are, and its bytes then (a reload or another chapter rule moves
    /// them, and the sentences are found again).
    var entry: Int
    var chapter: Range<Int>
    var sentences: [SpokenSentence]
    /// The display options they were found under: a change (a conversion, a reflow) finds them again.
    var options: DisplayOptions
    /// The sentence being said, or the one to say first on resuming.
    var current: Int
    /// The sentence the engine last reported starting: the one highlighted (nil before its first event).
    var spoken: Int?
    var isPaused = false
    /// Words per minute.
    var rate: Int
    /// When the sleep timer stops reading aloud (monotonic seconds; nil: no timer running).
    var sleepDeadline: Double?

    /// The rates `+` and `-` step through: `speech.rate`'s range, in its steps.
    static let rates = SpeechRate.wordsPerMinute
    static let rateStep = SpeechRate.step

    /// The book bytes of the sentence highlighted.
    var spokenRange: Range<Int>? {
        spoken.flatMap { sentences.indices.contains($0) ? sentences[$0].range : nil }
    }

    /// The status bar's mark: the rate while speaking, or that it is paused.
    var label: String { isPaused ? "aloud paused" : "aloud \(rate)wpm" }

    /// The rate one step faster or slower, within `rates`.
    func stepped(faster: Bool) -> Int {
        min(max(rate + (faster ? Self.rateStep : -Self.rateStep), Self.rates.lowerBound), Self.rates.upperBound)
    }

    /// When a sleep timer of `sleep` started at `now` ends (nil: it stops by no clock).
    static func deadline(_ sleep: SpeechSleep, now: Double) -> Double? {
        sleep.minutes.map { now + Double($0) * 60 }
    }
}
