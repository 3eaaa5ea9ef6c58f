import NovelCore

/// What the reader wants the voice to say now (`Reader.speechRequest`): the chapter's sentences from one of
/// them, in a voice at a rate. The host speaks it until the reader asks for another (a new `generation`) or
/// for silence (nil); every event it reports back carries the generation it belongs to, so that a late
/// event of speech already stopped is never taken for the new one's.
public struct SpeechRequest: Sendable {
    /// Bumped every time the voice must start again: a start, a resume, a move, a new rate, a new chapter.
    public var generation: Int
    /// The chapter's sentences, as shown (`SentenceFinder`).
    public var sentences: [SpokenSentence]
    /// The index of the sentence to say first.
    public var first: Int
    /// The voice and rate it is said in.
    public var voice: SpeechVoiceChoice
}

/// The voice an engine is made for: espeak-ng's voice name (`SpeechVoice`) and the rate in words per
/// minute (`ReadAloud.rates`).
public struct SpeechVoiceChoice: Sendable, Equatable {
    public var voice: String
    public var rate: Int

    public init(voice: String, rate: Int) {
        self.voice = voice
        self.rate = rate
    }
}
