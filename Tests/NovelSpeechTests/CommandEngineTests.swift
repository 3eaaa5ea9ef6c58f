import Foundation
import NovelSpeech
import NovelTestSupport
import Synchronization
import Testing

/// The command engine with a fake speaking command of our own: it logs each sentence it reads on standard
/// input and each signal it gets, and (for stop tests) starts a child that must end with it.
@Suite final class CommandEngineTests {
    let folder: TemporaryDirectory
    let log: String

    init() throws {
        folder = try TemporaryDirectory("novel-command-engine")
        log = folder.path + "/log"
    }

    deinit { folder.remove() }

    /// A command that logs `said: <line>`, then runs `then` (shell), logging `TERM` if it gets SIGTERM.
    func fakeCommand(then: String = "") throws -> String {
        let script = try folder.write(
            "fake-speaker.sh",
            """
            trap 'echo TERM >> "$1"; exit 143' TERM
            IFS= read -r line
            echo "said: $line" >> "$1"
            \(then)
            """)
        return "sh \(script) \(log)"
    }

    var logLines: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func eachSentenceIsOneRunWithItsTextOnStandardInput() throws {
        let engine = CommandEngine(command: try fakeCommand())
        var events: [SpeechEvent] = []
        for sentence in ["雨下了一整夜。", "“你还不睡吗？”", "He did not answer."] {
            #expect(try engine.speak(sentence) { events.append($0) })
        }
        #expect(logLines == ["said: 雨下了一整夜。", "said: “你还不睡吗？”", "said: He did not answer."])
        #expect(events == Array(repeating: [SpeechEvent.started, .ended], count: 3).flatMap { $0 })
    }

    /// Stop ends the command and the child it started (its whole process group) with SIGTERM.
    @Test func stopEndsTheCommandsWholeGroup() throws {
        let childFile = folder.path + "/child"
        let engine = CommandEngine(
            command: try fakeCommand(then: "sleep 30 & echo $! > \(childFile); wait"))
        let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
        let stopper = Thread {
            // Stops once the command has read its sentence and started its child.
            while (try? String(contentsOfFile: childFile, encoding: .utf8))?.hasSuffix("\n") != true {
                Thread.sleep(forTimeInterval: 0.01)
            }
            stoppedAt.withLock { $0 = .now }
            engine.stop()
        }
        stopper.start()
        let finished = try engine.speak("他站在窗前。") { _ in }
        let lag = ContinuousClock.now - (try #require(stoppedAt.withLock { $0 }))
        #expect(!finished)
        #expect(lag < .milliseconds(100), "the command ended \(lag) after stop")
        #expect(logLines == ["said: 他站在窗前。", "TERM"])
        let child = try #require(
            Int32(
                try String(contentsOfFile: childFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The child got SIGTERM with its group; give it a moment to be reaped by init.
        var alive = true
        for _ in 0..<100 where alive {
            alive = kill(child, 0) == 0
            if alive { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(!alive, "the command's child \(child) outlived stop")
        #expect(try !engine.speak("不再说。") { _ in }, "a stopped engine starts nothing until reset")
        #expect(logLines.count == 2)
    }

    /// A command that ignores SIGTERM is killed after the grace period.
    @Test func aCommandIgnoringTermIsKilled() throws {
        let script = try folder.write(
            "stubborn.sh", "trap '' TERM\nIFS= read -r line\necho \"said: $line\" >> \"$1\"\nsleep 30\n")
        let engine = CommandEngine(command: "sh \(script) \(log)")
        let log = log
        let stopper = Thread {
            while (try? String(contentsOfFile: log, encoding: .utf8)) == nil { Thread.sleep(forTimeInterval: 0.01) }
            engine.stop()
        }
        stopper.start()
        let started = ContinuousClock.now
        #expect(try !engine.speak("Stop me.") { _ in })
        let took = ContinuousClock.now - started
        #expect(took < .seconds(CommandEngine.killGrace + 2), "took \(took)")
    }
}
