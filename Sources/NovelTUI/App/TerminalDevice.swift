import NovelCore

/// The terminal as the app loop sees it; `CursesTerminal` is the real one, tests use a scripted fake.
public protocol TerminalDevice: AnyObject {
    var size: (columns: Int, rows: Int) { get }
    func draw(_ screen: Screen)
    func nextInput(timeout: Double?) -> TerminalInput
    func setTheme(_ theme: Settings.Theme)
    func restore()
    /// Sets the terminal window's title (the boss key).
    func setTitle(_ title: String)
    /// Reports changes of the file at `path` from now on (`TerminalInput.fileChanged`), instead of the
    /// file watched before (the library overlay switched books).
    func watch(_ path: String)
    /// Gives the terminal back and stops the process (job control, Ctrl-Z); returns once the shell
    /// continues it (`fg`), the terminal taken back and the next draw a whole one.
    func suspend()
    /// Also waits for `descriptor` to be readable (`TerminalInput.woken`): speech news (`SpeechDriver`).
    func wake(on descriptor: Int32)
}

extension TerminalDevice {
    public func setTitle(_ title: String) {}
    public func suspend() {}
    public func watch(_ path: String) {}
    public func wake(on descriptor: Int32) {}
}

/// What waiting for input produced.
public enum TerminalInput: Sendable, Equatable {
    case event(InputEvent)
    /// SIGINT, SIGTERM or SIGHUP arrived: save and leave.
    case signal(Int32)
    case timeout
    /// The open book's file changed on disk (`FileWatcher`).
    case fileChanged
    /// Something the loop waits on besides input has news (`TerminalDevice.wake`).
    case woken
}
