import CNcurses
import Foundation
import NovelCore

/// The only code that talks to curses: it draws `Screen`s and turns keys, mouse wheels,
/// resizes and signals into `TerminalInput`. It always gives the terminal back (`restore()`).
public final class CursesTerminal: TerminalDevice {
    private var isActive = false
    /// Standard input, or the controlling terminal when standard input is not one.
    private let inputDescriptor: Int32
    /// The open book's file, watched while waiting for input (live reload).
    public var watcher: FileWatcher?
    private let signals: SignalWatcher
    /// Polled with the input: readable when speech has news (`wake(on:)`).
    private var wakeDescriptor: Int32 = -1
    private let useColor: Bool
    /// `NO_COLOR`: no colors, and the book's emphasis not drawn (`Reader.showsEmphasis`).
    let noColor: Bool
    private var theme = TerminalTheme(palette: ThemePalette(theme: .terminal, noColor: true), colors: 0)
    private var themeName: Settings.Theme?
    /// What the terminal shows now; nil forces a full redraw.
    private var shown: Screen?
    private var wideBuffer = [wchar_t](repeating: 0, count: 8)

    /// Takes over the terminal. `environment` decides NO_COLOR.
    public init(theme: Settings.Theme, environment: [String: String] = CursesTerminal.currentEnvironment()) throws {
        guard isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        // Like less, read keys from the controlling terminal when standard input is a pipe.
        inputDescriptor = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : open("/dev/tty", O_RDONLY | O_CLOEXEC)
        guard inputDescriptor >= 0, isatty(inputDescriptor) == 1 else { throw TerminalError.notATerminal }
        Self.chooseLocale()
        signals = SignalWatcher()
        FatalSignalGuard.install(output: STDOUT_FILENO, input: inputDescriptor)
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(inputDescriptor, "r"),
            newterm(nil, output, input) != nil
        else {
            signals.stop()
            FatalSignalGuard.remove()
            throw TerminalError.cannotInitialise(term: environment["TERM"] ?? "")
        }
        isActive = true
        // Until the screen has once been given back and taken again, ncurses flushes its output at every
        // cursor move (its screen counts as not yet set up), so a page went out in one write a row: 24 writes,
        // each waking the terminal, which may paint the page half drawn. Given back and taken once here, before
        // anything is drawn (the alternate screen entered and left in one write), every later refresh goes out
        // in one or two writes.
        endwin()
        refresh()
        raw()
        noecho()
        nonl()
        keypad(novel_stdscr(), true)
        intrflush(novel_stdscr(), false)
        _ = novel_escdelay_set(25)
        curs_set(0)
        let mask = novel_button4_pressed() | novel_button5_pressed() | novel_button1_clicked()
        mousemask(mask, nil)
        noColor = ThemePalette.asksNoColor(environment)
        useColor = !noColor && has_colors()
        if useColor {
            start_color()
            use_default_colors()
        }
        setTheme(theme)
    }

    deinit { restore() }

    /// The terminal's size in cells.
    public var size: (columns: Int, rows: Int) {
        (Int(novel_cols()), Int(novel_lines()))
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor, restores modes. Safe to call twice.
    public func restore() {
        guard isActive else { return }
        isActive = false
        curs_set(1)
        endwin()
        signals.stop()
        FatalSignalGuard.remove()
    }

    /// Ctrl-Z, as `less` and `vim` do it: the terminal given back (`endwin`), then SIGTSTP with its
    /// default action, which stops the process until the shell's `fg` sends SIGCONT. Back here the
    /// terminal is taken again and the next draw repaints every cell (the shell wrote over the screen).
    /// In raw mode the terminal sends Ctrl-Z as a key, not as the signal, hence the signal raised here.
    public func suspend() {
        guard isActive else { return }
        curs_set(1)
        endwin()
        // ncurses keeps its own SIGTSTP handler, which would draw from inside the signal: the default
        // action stops the process and nothing more.
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
        // The first refresh after endwin puts the terminal back into the program's modes.
        curs_set(0)
        clearok(novel_stdscr(), true)
        refresh()
        shown = nil
    }

    /// Sets the window title with OSC 2 (xterm and tmux's pane title), written straight to the terminal
    /// between draws (curses has flushed its output by then). Controls in `title` are dropped.
    public func setTitle(_ title: String) {
        guard isActive else { return }
        let clean = title.unicodeScalars.filter {
            $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value)
        }
        var sequence = Array("\u{1B}]2;".utf8) + Array(String(String.UnicodeScalarView(clean)).utf8) + [0x07]
        _ = sequence.withUnsafeMutableBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    public func watch(_ path: String) {
        watcher = FileWatcher(path: path)
    }

    /// Switches colors; the next draw repaints everything.
    public func setTheme(_ name: Settings.Theme) {
        guard name != themeName else { return }
        themeName = name
        theme = TerminalTheme(
            palette: ThemePalette(theme: name, noColor: !useColor), colors: useColor ? Int(novel_colors()) : 0,
            italics: novel_has_italics())
        if useColor {
            for role in TerminalTheme.roles {
                let look = theme.look(role)
                init_pair(TerminalTheme.pair(for: role), look.foreground, look.background)
            }
        }
        shown = nil
    }

    /// Draws `screen`, sending only the rows and cells that changed since the last draw.
    public func draw(_ screen: Screen) {
        guard isActive else { return }
        let columns = min(screen.columns, size.columns)
        let rows = min(screen.rows, size.rows)
        let spans = ScreenDiff.changedSpans(from: shown, to: screen)
        if shown?.columns != screen.columns || shown?.rows != screen.rows {
            clearok(novel_stdscr(), true)
            erase()
        }
        for row in 0..<rows {
            guard let span = spans[row] else { continue }
            for column in span where column < columns {
                let cell = screen[row, column]
                // Continuations are covered by their wide cluster; a zero-width cluster would join the cell before it.
                if cell.width == 0 { continue }
                put(cell, row: row, column: column, limit: columns)
            }
        }
        move(Int32(max(size.rows - 1, 0)), Int32(max(size.columns - 1, 0)))
        refresh()
        shown = screen
    }

    /// Waits up to `timeout` seconds (forever when nil) for a key, mouse wheel, resize or signal.
    public func nextInput(timeout: Double?) -> TerminalInput {
        let deadline = timeout.map { Self.now() + max($0, 0) }
        while true {
            if let pending = signals.drain().first { return .signal(pending) }
            if let event = readPending() { return .event(event) }
            var remaining = 1.0
            if let deadline {
                remaining = min(deadline - Self.now(), 1.0)
                if remaining <= 0 { return .timeout }
            }
            var descriptors = [
                pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // A bounded wait: a resize signal that lands just before poll is still seen within a second.
            let result = poll(&descriptors, 4, Int32((remaining * 1000).rounded(.up)))
            if result > 0, descriptors[3].revents & Int16(POLLIN) != 0 { return .woken }
            if result > 0, descriptors[2].revents & Int16(POLLIN) != 0, watcher?.drain() == true {
                return .fileChanged
            }
            // A terminal that went away without a SIGHUP (the reader in another session, its emulator
            // killed) stays "readable" for ever with nothing to read: treat it as the hang-up it is, after
            // any key still buffered, or the loop would spin at full speed.
            if result > 0, descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                if let event = readPending() { return .event(event) }
                return .signal(SIGHUP)
            }
        }
    }

    public func wake(on descriptor: Int32) { wakeDescriptor = descriptor }

    /// Monotonic seconds, the clock the reader's animation deadlines use.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    // MARK: - Drawing

    private func put(_ cell: Cell, row: Int, column: Int, limit: Int) {
        var attributes = novel_attr_normal()
        let look = theme.look(cell.style)
        if look.bold { attributes |= novel_attr_bold() }
        if look.reverse { attributes |= novel_attr_reverse() }
        if look.underline { attributes |= novel_attr_underline() }
        if look.dim { attributes |= novel_attr_dim() }
        if look.italic { attributes |= novel_attr_italic() }
        let pair: Int16 = useColor ? TerminalTheme.pair(for: cell.style.role) : 0
        var count = 0
        for scalar in cell.cluster.unicodeScalars where count < wideBuffer.count - 1 {
            // Controls would move the cursor (a tab jumps to the next stop): draw them as blanks.
            let value = scalar.value < 0x20 || scalar.value == 0x7F ? 0x20 : scalar.value
            wideBuffer[count] = wchar_t(bitPattern: value)
            count += 1
        }
        if count == 0 {
            wideBuffer[0] = 32
            count = 1
        }
        var drawn = draw(count: count, row: row, column: column, attributes: attributes, pair: pair)
        // In the bottom-right cell curses draws but reports an error, because the cursor cannot move on.
        let size = self.size
        if row == size.rows - 1, column + max(cell.width, 1) >= size.columns { return }
        // curses refuses clusters whose later scalars are not combining marks (flags, ZWJ emoji):
        // draw their first scalar, and failing that a replacement character.
        if drawn == novel_err(), count > 1 {
            drawn = draw(count: 1, row: row, column: column, attributes: attributes, pair: pair)
        }
        if drawn == novel_err() {
            wideBuffer[0] = 0xFFFD
            drawn = draw(count: 1, row: row, column: column, attributes: attributes, pair: pair)
        }
        // Where curses thinks the cluster is narrower than we placed it, blank the rest of its cells
        // so that nothing stale shows through; the next cluster is still placed at our column.
        let advanced = Int(getcurx(novel_stdscr())) - column
        let theirs = advanced < 0 ? cell.width : advanced
        if theirs < cell.width {
            var blank: [wchar_t] = [32, 0]
            for x in column + max(theirs, 1)..<min(column + cell.width, limit) {
                _ = novel_put_cluster(Int32(row), Int32(x), &blank, 1, attributes, pair)
            }
        }
    }

    private func draw(count: Int, row: Int, column: Int, attributes: attr_t, pair: Int16) -> Int32 {
        wideBuffer[count] = 0
        return wideBuffer.withUnsafeBufferPointer { buffer in
            novel_put_cluster(Int32(row), Int32(column), buffer.baseAddress, Int32(count), attributes, pair)
        }
    }

    // MARK: - Input

    /// Reads one event that curses already has or that the terminal already sent, without blocking.
    private func readPending() -> InputEvent? {
        wtimeout(novel_stdscr(), 0)
        while true {
            var value: wint_t = 0
            let status = wget_wch(novel_stdscr(), &value)
            if status == novel_err() { return nil }
            let event: InputEvent?
            if status == novel_key_code_yes() {
                event = decodeKeyCode(Int32(bitPattern: value))
            } else if value == 27 {
                // The key an Alt combination sends after ESC is already read when ESC comes back
                // (curses waits ESCDELAY for the rest of a sequence): take it with the ESC.
                var next: wint_t = 0
                event = KeyDecoder.decodeEscape(followedByKey: wget_wch(novel_stdscr(), &next) != novel_err())
            } else {
                event = KeyDecoder.decode(character: UInt32(value))
            }
            if let event { return event }
        }
    }

    private func decodeKeyCode(_ code: Int32) -> InputEvent? {
        if code == novel_key_resize() {
            shown = nil
            return .resize(columns: size.columns, rows: size.rows)
        }
        if code == novel_key_mouse() {
            var mouse = MEVENT()
            guard getmouse(&mouse) == novel_ok() else { return nil }
            if mouse.bstate & novel_button4_pressed() != 0 { return .wheelUp }
            if mouse.bstate & novel_button5_pressed() != 0 { return .wheelDown }
            if mouse.bstate & novel_button1_clicked() != 0 {
                return .click(row: Int(mouse.y), column: Int(mouse.x))
            }
            return nil
        }
        return KeyDecoder.decode(keyCode: code)
    }

    /// Wide characters draw blank unless the locale's codeset is UTF-8. Only the character type is what
    /// curses reads: setting every category would load a dozen locale files before the first screen.
    private static func chooseLocale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
        if codeset != "UTF-8" && codeset != "UTF8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
    }

    /// The variables the set-up reads, by getenv: ProcessInfo's whole environment is a dictionary built
    /// before the first screen for two names.
    public static func currentEnvironment() -> [String: String] {
        var found: [String: String] = [:]
        for name in ["TERM", "NO_COLOR"] {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}
