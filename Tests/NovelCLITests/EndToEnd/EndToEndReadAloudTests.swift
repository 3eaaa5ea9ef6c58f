import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Reading aloud through the real binary in tmux.
    @Suite final class EndToEndReadAloudTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// Where no sound card and no sound server are to be found, `A` says so in one line on the status
        /// bar, nothing else is written over the screen (ALSA's complaints), and the reader reads on.
        @Test func withNoAudioDeviceTheReaderSaysSoAndReadsOn() throws {
            guard !FileManager.default.fileExists(atPath: "/dev/snd") else {
                print("skipped: this machine has a sound card (/dev/snd)")
                return
            }
            let terminal = try TmuxSession(
                columns: 80, rows: 24,
                environment: [
                    "NOVEL_HOME": session.home.path, "XDG_RUNTIME_DIR": session.home.path, "PULSE_SERVER": "",
                ])
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            let said = try session.press("A", on: terminal, from: first)
            let rows = said.split(separator: "\n", omittingEmptySubsequences: false)
            let status = try #require(rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
            #expect(status.hasPrefix("speech: no audio device") && status.contains("reading on silently"))
            #expect(!said.contains("ALSA"))
            #expect(rows.first == first.split(separator: "\n", omittingEmptySubsequences: false).first)
            let turned = try session.press("Space", on: terminal, from: said)
            #expect(turned.split(separator: "\n").first != first.split(separator: "\n").first)
            #expect(try session.quit(terminal) == 0)
        }

        /// `speech.command` set to a speaking command of our own that logs each sentence it is given (with
        /// the rate it is told) and each SIGTERM, and speaks each for a long time: the key starts it at the
        /// first sentence on screen, `+` says it again faster, the key pauses (the command is stopped) and
        /// resumes (the sentence again), `Esc` stops, and the reader goes on.
        @Test func aSpeakingCommandIsStartedPausedResumedAndStopped() throws {
            let log = session.home.path + "/said.log"
            let command = session.home.path + "/speak.sh"
            try """
            #!/bin/sh
            trap 'echo TERM >> "\(log)"; exit 143' TERM
            read -r line
            echo "said $NOVEL_SPEECH_RATE $line" >> "\(log)"
            sleep 60 &
            wait $!
            """.write(toFile: command, atomically: true, encoding: .utf8)
            try session.writeSettings(#"{"version": 1, "speech.command": "sh \#(command)"}"#)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            func lines() -> [String] {
                ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
            let speaking = try session.press("A", on: terminal, from: first)
            #expect(speaking.contains("aloud 175wpm"), "\(speaking)")
            try session.poll("the first sentence said") { lines().count == 1 }
            let heading = try #require(lines().first)
            #expect(heading.hasPrefix("said 175 第一章"), "\(heading)")
            // A stopped command logs its SIGTERM while the next one may already have started: counted, not ordered.
            func said() -> [String] { lines().filter { $0 != "TERM" } }
            func stops() -> Int { lines().filter { $0 == "TERM" }.count }
            let faster = try session.press("+", on: terminal, from: speaking)
            #expect(faster.contains("200 words a minute"), "\(faster)")
            try session.poll("the sentence said again, faster") { said().count == 2 && stops() == 1 }
            let again = heading.replacingOccurrences(of: "said 175", with: "said 200")
            #expect(said()[1] == again)
            let paused = try session.press("A", on: terminal, from: faster)
            #expect(paused.contains("aloud paused"))
            try session.poll("the command stopped") { stops() == 2 }
            let resumed = try session.press("A", on: terminal, from: paused)
            try session.poll("the sentence said again on resuming") { said().count == 3 }
            #expect(said()[2] == again)
            let stopped = try session.press("Escape", on: terminal, from: resumed)
            #expect(stopped.contains("Reading aloud stopped"))
            try session.poll("the command stopped by Esc") { stops() == 3 }
            #expect(try session.quit(terminal) == 0)
            #expect(said().count == 3 && stops() == 3, "nothing said after Esc")
        }
    }
}
