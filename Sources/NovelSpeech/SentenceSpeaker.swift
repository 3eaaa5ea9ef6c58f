import NovelCore

/// Where speech is: the sentence (an index into the list being spoken) and what its engine just reported.
public struct SpeechProgress: Sendable, Equatable {
    public var sentence: Int
    public var event: SpeechEvent

    public init(sentence: Int, event: SpeechEvent) {
        self.sentence = sentence
        self.event = event
    }
}

/// Speaks sentences one utterance each, in order, passing on the engine's events with the sentence they
/// belong to: what the reader highlights and `novel speak` counts.
public enum SentenceSpeaker {
    /// Speaks `sentences` from `first`; returns how many were spoken to their end (all of them from
    /// `first` unless the engine was stopped).
    @discardableResult
    public static func speak(
        _ sentences: [SpokenSentence], from first: Int = 0, with engine: some SpeechEngine,
        progress: (SpeechProgress) -> Void
    ) throws(SpeechError) -> Int {
        var spoken = 0
        for index in sentences.indices where index >= first {
            let ended = try engine.speak(sentences[index].text) { event in
                progress(SpeechProgress(sentence: index, event: event))
            }
            guard ended else { break }
            spoken += 1
        }
        return spoken
    }
}
