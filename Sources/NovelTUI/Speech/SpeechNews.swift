import NovelSpeech

/// What the host's speech reports back to the reader (`Reader.speechReported`), each for the request of
/// one `generation`: an engine's event for a sentence, the request's last sentence said, or why nothing can
/// be said (no audio device, no engine).
public enum SpeechNews: Sendable, Equatable {
    /// The engine's event (`SpeechProgress.sentence` indexes the request's sentences).
    case progress(generation: Int, SpeechProgress)
    /// Every sentence of the request was said to its end.
    case finished(generation: Int)
    /// Speech failed: the one-line reason.
    case failed(generation: Int, message: String)

    public var generation: Int {
        switch self {
        case .progress(let generation, _), .finished(let generation), .failed(let generation, _): generation
        }
    }
}
