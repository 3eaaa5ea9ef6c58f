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
    }
}
