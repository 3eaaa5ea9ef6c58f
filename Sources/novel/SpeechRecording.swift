import Foundation
import NovelSpeech

/// The file `novel speak --to` writes: a WAV file, or an Opus file (by its extension) through opusenc.
enum SpeechRecording: Sendable {
    case wav(WAVFile)
    case opus(OpusFile)

    /// Opens the file for `path`: Opus when its name ends in `.opus`, else WAV.
    init(path: String) throws(SpeechError) {
        if path.lowercased().hasSuffix(".opus") {
            self = .opus(try OpusFile(path: path, sampleRate: try EspeakEngine.samplesPerSecond()))
        } else {
            self = .wav(try WAVFile(path: path))
        }
    }

    func append(_ samples: UnsafeBufferPointer<Int16>) {
        switch self {
        case .wav(let file): file.append(samples)
        case .opus(let file): file.append(samples)
        }
    }

    /// Completes the file (a WAV file's header, the Opus encoder's end).
    func finish() throws(SpeechError) {
        switch self {
        case .wav(let file): try file.finish(sampleRate: try EspeakEngine.samplesPerSecond())
        case .opus(let file): try file.finish()
        }
    }
}
