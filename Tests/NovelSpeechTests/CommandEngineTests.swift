import Foundation
import NovelSpeech
import NovelTestSupport
import Synchronization
import Testing

/// The command engine with a speaking command of our own (`FakeSpeaker/fake-speaker.sh`): it logs each
/// sentence it reads on standard input and each signal it gets, and can take its time, speak through a
/// child, leave a child behind or ignore SIGTERM.
@Suite final class CommandEngineTests {
    let folder: TemporaryDirectory
    let log: String

    init() throws {
        folder = try TemporaryDirectory("novel-command-engine")
        log = folder.path + "/log"
    }

    deinit { folder.remove() }

    /// The fake speaker, next to this file in the repository.
    static let fakeSpeaker = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("FakeSpeaker/fake-speaker.sh").path

    func command(_ options: String = "") -> String { "sh '\(Self.fakeSpeaker)' '\(log)' \(options)" }

    var logLines: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The process id a fake speaker wrote to `file`, waiting up to 10 s for it.
    static func processID(in file: String) throws -> pid_t {
        for _ in 0..<1000 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw CancellationError()
    }

    /// Whether process `pid` is gone: not running and not a zombie (reaped).
    static func isGone(_ pid: pid_t) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

    /// Whether no process is left in group `group`, a zombie or not.
    static func isGroupGone(_ group: pid_t) -> Bool { kill(-group, 0) == -1 && errno == ESRCH }

    /// A thread that stops the engine from outside, as the reader does, once `ready` holds, and notes when.
    final class Stopper: Sendable {
        private let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)

        /// Starts the thread: it polls `ready` every 10 ms, then notes the time and calls `stop`.
        init(when ready: @escaping @Sendable () -> Bool, then stop: @escaping @Sendable () -> Void) {
            let thread = Thread { [self] in
                while !ready() { Thread.sleep(forTimeInterval: 0.01) }
                self.stoppedAt.withLock { $0 = .now }
                stop()
            }
            thread.start()
        }

        /// How long ago the stop was called; an error if it was not called yet.
        func sinceStop() throws -> Duration { ContinuousClock.now - (try #require(stoppedAt.withLock { $0 })) }
    }

    /// Whether the fake speaker has logged the sentence it read: it is speaking.
    static func isSpeaking(log: String) -> Bool {
        (try? String(contentsOfFile: log, encoding: .utf8))?.hasPrefix("said:") == true
    }

    @Test func eachSentenceIsOneRunWithItsTextOnStandardInput() throws {
        let engine = CommandEngine(command: command())
        var events: [SpeechEvent] = []
        for sentence in ["雨下了一整夜。", "“你还不睡吗？”", "He did not answer."] {
            #expect(try engine.speak(sentence) { events.append($0) })
        }
        #expect(logLines == ["said: 雨下了一整夜。", "said: “你还不睡吗？”", "said: He did not answer."])
        #expect(events == Array(repeating: [SpeechEvent.started, .ended], count: 3).flatMap { $0 })
        engine.stop()
        #expect(try !engine.speak("停。") { _ in }, "a stopped engine starts nothing until reset")
        engine.reset()
        #expect(try engine.speak("再说一句。") { _ in })
        #expect(logLines.count == 4 && logLines.last == "said: 再说一句。")
    }

    /// The utterance ends when the command does: a command that takes its time is waited for.
    @Test func anUtteranceLastsAsLongAsItsCommand() throws {
        let engine = CommandEngine(command: command("--seconds 0.3"))
        let started = ContinuousClock.now
        #expect(try engine.speak("慢慢说。") { _ in })
        #expect(ContinuousClock.now - started >= .milliseconds(300))
    }

    /// Stop ends the command and the child it speaks through (its whole process group) with SIGTERM within
    /// 100 ms of the call, and both are reaped: no zombie, no orphan.
    @Test func stopEndsTheCommandsWholeGroupAtOnce() throws {
        let childFile = folder.path + "/child"
        let pidFile = folder.path + "/pid"
        let engine = CommandEngine(command: command("--pid '\(pidFile)' --child '\(childFile)'"))
        // Stops once the command has read its sentence and is speaking it through its child: the sentence is
        // logged after the child started (its file alone could be seen before, and a stop then came before the
        // log line).
        let log = log
        let stopper = Stopper(when: { Self.isSpeaking(log: log) }, then: engine.stop)
        var events: [SpeechEvent] = []
        let finished = try engine.speak("他站在窗前。") { events.append($0) }
        let lag = try stopper.sinceStop()
        #expect(!finished)
        #expect(events == [.started], "it was speaking when stopped, and reports no end")
        #expect(lag < .milliseconds(100), "the command's group ended \(lag) after stop")
        #expect(logLines == ["said: 他站在窗前。", "signal: TERM"])
        let child = try Self.processID(in: childFile)
        let group = try Self.processID(in: pidFile)
        #expect(Self.isGone(child), "the command's child \(child) outlived stop, or is a zombie")
        #expect(Self.isGroupGone(group), "something of the command's group \(group) is left")
        #expect(try !engine.speak("不再说。") { _ in }, "a stopped engine starts nothing until reset")
        #expect(logLines.count == 2)
    }

    /// A command that ignores SIGTERM (and its child too) is killed, whole, after the grace period.
    @Test func aCommandIgnoringTermIsKilledAfterTheGrace() throws {
        let pidFile = folder.path + "/pid"
        let engine = CommandEngine(command: command("--pid '\(pidFile)' --ignore-term --seconds 30"))
        let log = log
        let stopper = Stopper(when: { Self.isSpeaking(log: log) }, then: engine.stop)
        #expect(try !engine.speak("Stop me.") { _ in })
        let took = try stopper.sinceStop()
        #expect(took >= CommandEngine.killGrace, "ended \(took) after stop: before SIGKILL was due")
        #expect(took < CommandEngine.killGrace + .seconds(1), "ended \(took) after stop")
        #expect(logLines == ["said: Stop me.", "signal: TERM (ignored)"])
        #expect(Self.isGroupGone(try Self.processID(in: pidFile)))
    }

    /// What a command leaves running when it exits (a player in the background) ends with its utterance.
    @Test func whatACommandLeavesBehindEndsWithIt() throws {
        let leftFile = folder.path + "/left"
        let engine = CommandEngine(command: command("--leave-child '\(leftFile)'"))
        var events: [SpeechEvent] = []
        #expect(try engine.speak("说完就走。") { events.append($0) })
        #expect(events == [.started, .ended])
        let left = try Self.processID(in: leftFile)
        #expect(Self.isGone(left), "the child \(left) the command left behind is still there")
    }

    /// A stop and a reset in quick succession end the utterance being spoken for good: the reset lets the
    /// next utterance speak, not the stopped one go on.
    @Test func aResetDoesNotReviveTheStoppedUtterance() throws {
        let engine = CommandEngine(command: command("--seconds 5"))
        let log = log
        let stopper = Stopper(when: { Self.isSpeaking(log: log) }) {
            engine.stop()
            engine.reset()
        }
        #expect(try !engine.speak("第一句。") { _ in })
        let lag = try stopper.sinceStop()
        #expect(lag < .milliseconds(100), "ended \(lag) after stop")
        #expect(logLines == ["said: 第一句。", "signal: TERM"])
    }

    /// A command the shell cannot find or run is an error in one line, not an utterance that ends at once
    /// (a reader would race through the book in silence).
    @Test func aCommandThatCannotRunIsRefusedInOneLine() throws {
        let engine = CommandEngine(command: "novel-no-such-speaker-command --say")
        let error = try #require(throws: SpeechError.self) { try engine.speak("Nothing.") { _ in } }
        #expect(error.message.contains("novel-no-such-speaker-command") && !error.message.contains("\n"))
    }
}
