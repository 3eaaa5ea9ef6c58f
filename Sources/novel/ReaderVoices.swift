import Foundation
import NovelSpeech
import NovelTUI

/// The engines the reader reads aloud with: a speaking command when one is set (`speech.command`, told the
/// rate in `NOVEL_SPEECH_RATE`, words per minute, as the `SpeechEngine` protocol has no rate of its own),
/// else espeak-ng playing on the audio device in the book's voice, once there is one to open
/// (`AudioDevice`).
enum ReaderVoices {
    /// The variable a speaking command finds the reader's rate in.
    static let rateVariable = "NOVEL_SPEECH_RATE"

    static func maker(command: String) -> SpeechDriver.EngineMaker {
        { (choice: SpeechVoiceChoice) throws(SpeechError) -> any SpeechEngine in
            if !command.isEmpty {
                return CommandEngine(command: "\(rateVariable)=\(choice.rate); export \(rateVariable); \(command)")
            }
            if let missing = AudioDevice.missing(
                environment: ProcessInfo.processInfo.environment, exists: { FileManager.default.fileExists(atPath: $0) }
            ) {
                throw SpeechError(missing)
            }
            return try EspeakEngine(voice: choice.voice, rate: choice.rate, output: .playback)
        }
    }
}
