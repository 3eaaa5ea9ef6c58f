import Foundation
import NovelSpeech

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while `novel speak` speaks stop the engine, which ends the utterance
/// and a speaking command's whole process group (it runs in a group of its own, which the terminal's
/// Ctrl-C does not reach), before novel exits.
final class InterruptStop {
    private let sources: [any DispatchSourceSignal]
    private let stopped = DispatchSemaphore(value: 0)
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    init(_ engine: any SpeechEngine) {
        let stopped = stopped
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                engine.stop()
                stopped.signal()
            }
            source.resume()
            return source
        }
    }

    /// Whether a signal stopped speech.
    var interrupted: Bool { stopped.wait(timeout: .now()) == .success }

    /// Gives the signals back their default actions.
    func end() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
