import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Alt with a key through the real binary in tmux: it arrives as ESC and the key in one write, and is
    /// not Escape and then the key.
    @Suite final class EndToEndAltKeyTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// Alt-q would otherwise quit (Esc, then q); Alt-x would quit too, or open the cleaning rules (x).
        /// Nothing is seen to happen, so what proves the keys were read is the key after them: Space after
        /// them shows exactly the page Space shows alone, in the reader (keys are read in order).
        @Test func altKeysAreNotEscapeThenTheKey() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal)
            let second = try session.press("Space", on: terminal, from: first)
            let back = try session.press("b", on: terminal, from: second)
            #expect(back == first)
            try terminal.sendBytes([0x1B, 0x71])  // Alt-q
            try terminal.sendBytes([0x1B, 0x78])  // Alt-x
            try terminal.send("Space")
            let turned = try terminal.waitForChange(from: back)
            #expect(try terminal.alternateScreenIsOn())
            #expect(turned == second, "\(turned)")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
