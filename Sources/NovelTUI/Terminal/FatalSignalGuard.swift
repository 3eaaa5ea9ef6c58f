import Foundation
import NovelCore

/// Gives the terminal back when the process dies of a fault (a failed Swift check is SIGILL or SIGTRAP; also
/// SIGSEGV, SIGBUS, SIGFPE, SIGABRT), which `restore()` cannot: the terminal modes saved before curses
/// started are put back and the alternate screen, mouse reports and the hidden cursor are switched off, then
/// the signal goes on to the handler that was there before (the Swift runtime's backtracer or the default).
/// The handler only calls `write`, `tcsetattr`, `sigaction` and `raise`, which are async-signal-safe.
enum FatalSignalGuard {
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Leave the alternate screen, show the cursor, stop mouse reports, reset attributes; then a message.
    /// Fixed xterm sequences, which every terminal novel supports draws with, because terminfo cannot be
    /// asked from inside a signal handler.
    static let reset = Array(
        "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\nnovel: stopped by an internal error; please report it with the book that caused it\r\n"
            .utf8)

    /// Saves the terminal's modes and installs the handler; call before curses changes the terminal.
    static func install(output: Int32, input: Int32) {
        let state = GuardState.pointer
        _ = GuardState.reset  // made now: the handler must not be the first to touch it
        state.pointee.output = output
        state.pointee.input = input
        state.pointee.hasModes = tcgetattr(input, &state.pointee.modes) == 0
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = fatalSignalHandler
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, GuardState.previous + Int(number))
        }
        state.pointee.isInstalled = true
        // A book mapped before the reader started registered its truncation guard first; it must stay in
        // front, or a lost page would be taken for a crash.
        TruncationGuard.takeFirst()
    }

    /// Puts the previous handlers back (the terminal was restored the ordinary way).
    static func remove() {
        let state = GuardState.pointer
        guard state.pointee.isInstalled else { return }
        state.pointee.isInstalled = false
        for number in signals { sigaction(number, GuardState.previous + Int(number), nil) }
        TruncationGuard.takeFirst()
    }
}

/// What the handler reads, in memory allocated before any signal can arrive and reached through pointers,
/// so that the handler makes no Swift accesses that allocate or check exclusivity.
private struct GuardState {
    var output: Int32 = STDOUT_FILENO
    var input: Int32 = STDIN_FILENO
    var modes = termios()
    var hasModes = false
    var isInstalled = false

    static let signalLimit = 65
    nonisolated(unsafe) static let pointer: UnsafeMutablePointer<GuardState> = {
        let pointer = UnsafeMutablePointer<GuardState>.allocate(capacity: 1)
        pointer.initialize(to: GuardState())
        return pointer
    }()
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
        pointer.initialize(repeating: sigaction(), count: signalLimit)
        return pointer
    }()
    nonisolated(unsafe) static let reset: UnsafeMutableBufferPointer<UInt8> = {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: FatalSignalGuard.reset.count)
        _ = buffer.initialize(from: FatalSignalGuard.reset)
        return buffer
    }()
}

private func fatalSignalHandler(_ number: Int32) {
    let state = GuardState.pointer
    guard state.pointee.isInstalled else { return }
    state.pointee.isInstalled = false
    _ = write(state.pointee.output, GuardState.reset.baseAddress, GuardState.reset.count)
    if state.pointee.hasModes { _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.modes) }
    if number >= 0, number < GuardState.signalLimit {
        // The previous handler (or the default action) takes the signal once this one returns.
        sigaction(number, GuardState.previous + Int(number), nil)
    }
    raise(number)
}
