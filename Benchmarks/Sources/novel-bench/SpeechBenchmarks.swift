import Foundation
import NovelCore
import NovelSpeech
import NovelTUI
import Synchronization

/// Reading aloud in the reader (issue 36): how long from the read-aloud key to the engine's first
/// utterance-start event (a speaking command of our own, `speech.command`'s engine), and how long from an
/// engine's event to the screen drawn with the sentence highlighted (through the driver's queue and wake
/// pipe, as the app loop takes it).
enum SpeechBenchmarks {
    static let columns = 80
    static let rows = 24

    /// The speaking command the start is timed with: it reads the sentence and exits, as a command that
    /// hands it on to a speech server (`spd-say -e`) would.
    static let command = "cat >/dev/null"

    /// The read-aloud key → the first `started` event of a speaking command (the sentences found, the
    /// driver's thread, the command spawned), against `posix_spawn` of the same command alone (the floor
    /// any command engine stands on).
    static func start(_ context: Context, espeak: Bool = false) throws -> Row {
        let book = context.book
        let start = ReaderStart(offset: book.index.entries[min(1, book.index.entries.count - 1)].range.lowerBound)
        var firstSentence = ""
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.slowRuns) { () throws -> Double in
            var reader = Reader(
                book: book, settings: Settings(), state: nil, columns: columns, rows: rows, start: start)
            keep(reader.screen())
            let driver = SpeechDriver { (choice: SpeechVoiceChoice) throws(SpeechError) -> any SpeechEngine in
                espeak
                    ? try EspeakEngine(voice: choice.voice, rate: choice.rate, output: .samples({ _ in }))
                    : CommandEngine(command: command)
            }
            let begun = now()
            _ = reader.handle(.key(.character("A")), now: begun)
            guard let request = reader.speechRequest else { throw BenchError("the key asked for no speech") }
            firstSentence = request.sentences[request.first].text
            driver.follow(request)
            while true {
                var descriptor = pollfd(fd: driver.wakeDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 10_000) > 0 else { throw BenchError("no event within 10 s") }
                let news = driver.drain()
                if let failure = news.first(where: { if case .failed = $0 { true } else { false } }) {
                    throw BenchError("\(failure)")
                }
                if news.contains(where: {
                    if case .progress(_, let progress) = $0 { progress.event == .started } else { false }
                }) {
                    let elapsed = now() - begun
                    driver.follow(nil)
                    return elapsed
                }
            }
        }
        let voice = SpeechVoice.espeakVoice(for: book)
        let wav = context.scratch + "/speech-bench.wav"
        // espeak-ng's own command on the same sentence, to a file: its start, its voice, the whole sentence.
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.slowRuns) {
            () throws -> Double in
            let begun = now()
            let arguments =
                espeak ? ["espeak-ng", "-v", voice, "-w", wav, firstSentence] : ["/bin/sh", "-c", command]
            let pid = try context.spawner.spawn(arguments, stdout: "/dev/null", stderr: "/dev/null")
            let spawned = now() - begun
            let status = context.spawner.wait(pid)
            guard status == 0 else { throw BenchError("\(arguments[0]) exited \(status)") }
            return espeak ? now() - begun : spawned
        }
        let referenceName = espeak ? "espeak-ng -w, the same sentence whole" : "posix_spawn of the command alone"
        return Row(
            work: "read-aloud key → first utterance start (\(espeak ? "espeak-ng, to memory" : "a speaking command"))",
            ours: format(ours), reference: "\(referenceName) \(format(reference))",
            ratio: String(format: "%.2f× the time", ours.median / reference.median), goal: "< 300 ms",
            verdict: ours.max < 0.300 ? .met : .notMet,
            note:
                "worst of \(ours.seconds.count) runs \(duration(ours.max)); first sentence \(firstSentence.count) characters"
        )
    }

    /// An engine of the benchmark's own: it reports each utterance's start when the benchmark lets it
    /// (`go`), noting the time, and ends it at once.
    final class PacedEngine: SpeechEngine {
        let turn = Atomic<Int>(0)
        let reported = Mutex<[Double]>([])
        let stopped = Atomic<Bool>(false)

        func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool {
            let mine = reported.withLock { $0.count }
            while turn.load(ordering: .acquiring) <= mine {
                if stopped.load(ordering: .acquiring) { return false }
                usleep(200)
            }
            reported.withLock { $0.append(now()) }
            event(.started)
            event(.ended)
            return !stopped.load(ordering: .acquiring)
        }

        func stop() { stopped.store(true, ordering: .releasing) }
        func reset() { stopped.store(false, ordering: .releasing) }
    }

    /// The engine's `started` event → the screen model with that sentence highlighted, as the app loop
    /// would draw it: the wake pipe polled, the news drained and handed to the reader, the screen built.
    static func highlightLag(_ context: Context) throws -> Row {
        let book = context.book
        let start = ReaderStart(offset: book.index.entries[min(1, book.index.entries.count - 1)].range.lowerBound)
        var reader = Reader(book: book, settings: Settings(), state: nil, columns: columns, rows: rows, start: start)
        keep(reader.screen())
        let engine = PacedEngine()
        let driver = SpeechDriver { _ in engine }
        _ = reader.handle(.key(.character("A")), now: now())
        guard let request = reader.speechRequest else { throw BenchError("the key asked for no speech") }
        driver.follow(request)
        let count = min(context.quick ? 20 : 200, request.sentences.count - request.first)
        var lags: [Double] = []
        for index in 0..<count {
            engine.turn.store(index + 1, ordering: .releasing)
            var seen = false
            while !seen {
                var descriptor = pollfd(fd: driver.wakeDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 10_000) > 0 else { throw BenchError("no event within 10 s") }
                let news = driver.drain()
                reader.speechReported(news)
                seen = news.contains {
                    if case .progress(_, let progress) = $0 { progress.event == .started } else { false }
                }
            }
            keep(reader.screen())
            let drawn = now()
            let event = engine.reported.withLock { $0[index] }
            lags.append(drawn - event)
        }
        driver.follow(nil)
        let sample = Sample(lags)
        return Row(
            work: "engine event → highlighted screen (fake engine)",
            ours: "p50 \(duration(sample.median)), p99 \(duration(sample.percentile(0.99)))", reference: "—",
            ratio: "—", goal: "< 16.7 ms (one frame)", verdict: sample.percentile(0.99) < 1.0 / 60 ? .met : .notMet,
            note: "\(lags.count) sentences, slowest \(duration(sample.max))")
    }
}
