import NovelCore

/// Why speech cannot go on, in words a reader understands (one line each).
public struct SpeechError: NovelError, Equatable {
    public var message: String
    public var isBadInput: Bool

    public init(_ message: String, isBadInput: Bool = false) {
        self.message = message
        self.isBadInput = isBadInput
    }

    public var description: String { message }

    static func espeak(_ detail: String) -> SpeechError {
        SpeechError("speech: \(detail) (install espeak-ng, or set speech.command)")
    }
}
