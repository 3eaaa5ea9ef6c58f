/// What an engine reports while it speaks one utterance, as it happens: the events themselves drive the
/// highlight, the page and the progress bar; nothing guesses from a clock.
public enum SpeechEvent: Sendable, Equatable {
    /// The utterance began (its first audio, or the command that speaks it started).
    case started
    /// A word of the utterance, in Unicode scalars of its text (espeak-ng's word events).
    case word(Range<Int>)
    /// The utterance ended (its last audio was made or heard, or the command exited).
    case ended
}

/// Speaks one utterance at a time: espeak-ng through its library (`EspeakEngine`) or any command that reads
/// the text on standard input (`CommandEngine`).
public protocol SpeechEngine: Sendable {
    /// Speaks `text`, calling `event` on this thread as the engine reports; returns when the utterance has
    /// ended, or at once when the engine was stopped: true when it was spoken to its end.
    func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool
    /// Stops the utterance being spoken, from any thread; every later `speak` returns false at once until
    /// `reset`.
    func stop()
    /// Lets the engine speak again after `stop`.
    func reset()
}
