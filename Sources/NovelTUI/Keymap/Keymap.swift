/// The key bindings: the default table of `ReaderCommand.defaultKeys`, with the user's overrides from
/// `Settings.keymap` (command name → key names, replacing that command's defaults).
///
/// A bad override (unknown command or key name, or a key another command keeps) is skipped and
/// reported in `problems`; the reader shows them and carries on. Overrides that would leave no key to
/// quit give `quit` its default keys back, so that no settings file makes a reader that cannot be left.
/// `novel settings --set keymap=…` refuses any override with a problem (`problems(in:)`).
public struct Keymap: Sendable {
    /// Keys of each command, in table order.
    public private(set) var keys: [ReaderCommand: [InputEvent]] = [:]
    private var commands: [InputEvent: ReaderCommand] = [:]
    /// Overrides that could not be applied, one readable line each, as the status bar shows them.
    public var problems: [String] { issues.map { "keymap: \($0)" } }
    /// The same without the `keymap: ` each line of `problems` starts with.
    private var issues: [String] = []

    public static let standard = Keymap()

    public init(overrides: [String: [String]] = [:]) {
        var table: [ReaderCommand: [String]] = [:]
        for command in ReaderCommand.allCases { table[command] = command.defaultKeys }
        var overridden: [ReaderCommand] = []
        for (name, keyNames) in overrides.sorted(by: { $0.key < $1.key }) {
            guard let command = ReaderCommand(rawValue: name) else {
                issues.append("unknown command '\(name)'")
                continue
            }
            table[command] = keyNames
            overridden.append(command)
        }
        // Commands keeping their defaults bind first, so an override cannot silently steal their keys.
        let order =
            ReaderCommand.allCases.filter { !overridden.contains($0) }
            + ReaderCommand.allCases.filter { overridden.contains($0) }
        for command in order {
            var bound: [InputEvent] = []
            for keyName in table[command] ?? [] {
                guard let event = KeyName.event(keyName) else {
                    issues.append("\(command.rawValue): unknown key '\(keyName)'")
                    continue
                }
                if let other = commands[event], other != command {
                    issues.append("\(command.rawValue): '\(keyName)' is already bound to \(other.rawValue)")
                    continue
                }
                if Self.reserved(event) {
                    issues.append("\(command.rawValue): '\(keyName)' is reserved (digits, Enter, C-c, C-z)")
                    continue
                }
                commands[event] = command
                bound.append(event)
            }
            keys[command] = bound
        }
        if keys[.quit, default: []].isEmpty { restoreQuit() }
    }

    /// Binds `quit`'s default keys again, taking them from any override that took them: without a key
    /// to quit (Ctrl-C is a key in the reader's raw mode, not a signal), the reader could not be left.
    private mutating func restoreQuit() {
        var restored: [InputEvent] = []
        for name in ReaderCommand.quit.defaultKeys {
            guard let event = KeyName.event(name) else { continue }
            if let other = commands[event], other != .quit { keys[other]?.removeAll { $0 == event } }
            commands[event] = .quit
            restored.append(event)
        }
        keys[.quit] = restored
        issues.append(
            "quit: no key would quit the reader, which keeps "
                + ReaderCommand.quit.defaultKeys.joined(separator: " ") + " for it")
    }

    /// What is wrong with `overrides` (unknown commands or keys, keys taken, no way to quit), one line
    /// each; empty when every override applies as written.
    public static func problems(in overrides: [String: [String]]) -> [String] {
        Keymap(overrides: overrides).issues
    }

    /// Ctrl-C: quits from anywhere, an overlay or the boss screen up, with the place saved. In the reader's
    /// raw mode it is a key, not a signal; it cannot be rebound, so that every reader can be left by it.
    public static let interrupt = InputEvent.key(.control("c"))
    /// Ctrl-Z: suspends the reader to the shell as in `less` and `vim`; `fg` brings the screen back.
    public static let suspend = InputEvent.key(.control("z"))

    /// Digits build a number prefix and Enter ends it; Ctrl-C and Ctrl-Z act anywhere: none can be rebound.
    static func reserved(_ event: InputEvent) -> Bool {
        switch event {
        case .key(.enter), interrupt, suspend: true
        case .key(.character(let character)): character.isASCII && character.isNumber
        default: false
        }
    }

    /// The command bound to `event`, if any.
    public func command(for event: InputEvent) -> ReaderCommand? { commands[event] }

    /// Duplicate key names in the default table (a test keeps this empty).
    public static func defaultDuplicates() -> [String] {
        var seen: [InputEvent: ReaderCommand] = [:]
        var duplicates: [String] = []
        for command in ReaderCommand.allCases {
            for name in command.defaultKeys {
                guard let event = KeyName.event(name) else {
                    duplicates.append("\(command.rawValue): unknown key '\(name)'")
                    continue
                }
                if let other = seen[event] { duplicates.append("'\(name)': \(other.rawValue) and \(command.rawValue)") }
                seen[event] = command
            }
        }
        return duplicates
    }

    /// Every bound key once (for tests).
    public var allBindings: [(InputEvent, ReaderCommand)] {
        ReaderCommand.allCases.flatMap { command in (keys[command] ?? []).map { ($0, command) } }
    }

    /// Help lines: keys, then what they do; ends with the number prefix, which is not a table entry.
    public func helpLines() -> [(keys: String, help: String)] {
        var lines = ReaderCommand.allCases.map { command in
            (keys: (keys[command] ?? []).map(KeyName.name).joined(separator: " "), help: command.help)
        }
        lines.append((keys: "N Enter", help: "Chapter N: the one numbered N, else the Nth entry (also N g)"))
        return lines + Self.fixedKeys.map { (keys: $0.keys, help: $0.help) }
    }

    /// The keys no override changes, with the one rule for leaving overlays; the help overlay and
    /// docs/keys.md list them after the table.
    static let fixedKeys: [(keys: String, help: String)] = [
        ("Esc", "Closes the overlay on top, whatever it is"),
        ("q", "Closes an overlay where no text is typed (so does the key that opened it); in a text field q is text"),
        ("C-c", "Quits from anywhere, an overlay or the boss screen up; the place on screen is saved"),
        ("C-z", "Suspends to the shell; fg brings the page back whole"),
    ]

    /// docs/keys.md, generated from the default table.
    public static func markdown() -> String {
        var text = """
            # Keys

            Generated from the keymap table (`Sources/NovelTUI/Keymap/ReaderCommand.swift`); a test checks \
            that this file matches it. `H` or `F1` in the reader shows the same list. The boss key puts up a \
            generated shell screen (a build and test run) and sets the window title to match; the reading \
            position is saved at once, and the same key brings the page back. In a prompt or the table of \
            contents a character bound to it is typed instead.

            In the compact reader (a terminal of \(TextFrame.compactRowLimit) rows or fewer, or \
            `novel read --lines N`) the text goes line by line: `line-down` and `line-up` move one line, \
            `next-page` and `previous-page` as many lines as there are rows, and the other keys work as in \
            the full reader.

            | Command | Keys | What it does |
            |---|---|---|

            """
        for command in ReaderCommand.allCases {
            // A backtick needs a longer fence in Markdown.
            let keys = command.defaultKeys.map { $0 == "`" ? "`` ` ``" : "`\($0)`" }.joined(separator: " ")
            text += "| `\(command.rawValue)` | \(keys) | \(command.help) |\n"
        }
        text += """
            | | `N` `Enter`, `N` `g` | Chapter N: the chapter numbered N (第N章, Chapter N) where the book numbers them, else the Nth entry of the table of contents counting from 1 (type the digits first) |

            ## Leaving overlays, Ctrl-C and Ctrl-Z

            One rule for leaving an overlay: `Esc` always closes the one on top; the quit keys (`q`) and \
            the key that opened an overlay close it too, except in a text field (a prompt, the TOC filter), \
            where a character is text (`q` and `t` are typed into the TOC filter; `Tab` closes it). A \
            keymap override moves these keys with their commands: with `bookmarks` bound to `M`, `M` closes \
            the bookmarks. Ctrl-C and Ctrl-Z are fixed (no override may take them): Ctrl-C quits from \
            anywhere with the place on screen saved, as `q` does; Ctrl-Z saves the place and suspends the \
            reader to the shell, as in `less` and `vim`, and `fg` brings the page back whole.

            | Keys | What they do |
            |---|---|

            """
        for fixed in fixedKeys {
            text += "| `\(fixed.keys)` | \(fixed.help) |\n"
        }
        return text + overridesAndOverlays + autoTurnAndLibrary + readAloud + linksAndNotes
    }

    /// docs/keys.md: overrides and the keys inside overlays.
    static let overridesAndOverlays = """

        ## Overrides

        In `settings.json`, `keymap` maps a command name to the key names that replace its defaults:

        ```json
        { "keymap": { "next-page": ["Space", "n"], "next-match": ["x"] } }
        ```

        Key names: a single character, `Space`, `Enter`, `Esc`, `Tab`, `BackTab`, `Backspace`, `Delete`, \
        `Up`, `Down`, `Left`, `Right`, `PgUp`, `PgDn`, `Home`, `End`, `F1`…`F12`, `C-x` (Ctrl plus a letter), \
        `WheelUp`, `WheelDown`. Digits and `Enter` are kept for the number prefix. `novel settings --set \
        keymap=…` refuses an override naming an unknown command or key, a key that another command \
        keeps, or one that leaves no key to quit. In a settings.json edited by hand such an override is \
        skipped and reported in the status bar (and by `novel settings`); the reader still opens, and \
        when no key would quit it, `quit` keeps its default keys.

        Inside overlays the keys are fixed, but for those that close them (above). Lists move with the arrows, `PgUp`/`PgDn`, `Home`/`End` and \
        the wheel (and `j`/`k` except in the TOC). In every list the selected row starts with `▶` and is \
        bold, in swapped colors (reverse video in the `terminal` theme, with `NO_COLOR` and on a terminal \
        without colors); `•` marks the entry in use: the chapter being read, the chapter rule in use, \
        the book open. TOC: typing filters, `Backspace` unfilters, `Enter` \
        jumps, `C-r` opens the chapter rules, `Esc` or `Tab` closes. Chapter rules (`R`, or `C-r` in the \
        TOC): the built-in rules, each kind of heading-like line found in the book with its count, and a \
        custom pattern; `Enter` switches (the custom row asks for an ICU pattern; an empty one means the \
        built-in rules) and the choice is remembered with the book like `--chapter-pattern`; `Esc` `q` \
        `R` close. Bookmarks: each with its note whole, wrapped under it; `Enter` jumps, `d` deletes, `e` \
        edits the selected bookmark's note in a field on the bottom row (`Enter` saves it, an empty note \
        removes it, `Esc` cancels; either way the list is back), `Esc` `q` `'` `B` close. \
        Settings: `←`/`→` (`h`/`l`, `-`/`+`, `Enter`) change the selected setting at once (the Reflow and Convert rows change this book's own value, remembered with it like \
        `--reflow` and `--convert`), `Esc` `q` `s` \
        close. Cleaning rules (`x`): the rules that apply to this book, built-in ones first; `Space` or \
        `Enter` switches the selected one (saved in rules.json), any other key closes. Its last row, \
        *Hide lines like this*, proposes a rule made from the first line with text on the screen (digits \
        as `\\d+`, a domain as any domain; docs/layout.md): the panel shows the pattern, how many lines of \
        this book it hides and a few of them; `j`/`k` (or the arrows) take the next or previous line \
        instead, `Enter` or `y` adds the rule to rules.json, any other key closes without saving. Library (`L`): \
        `Enter` opens the selected book, `Esc` `q` `L` close. Help, and reading statistics (`i`: this book's \
        time read each day over the last four weeks as a chart, its sessions, speed and time left): \
        arrows scroll, any other key closes. Prompts (`/` `?` `:` and the bookmark note): \
        `Enter` runs, `Esc` cancels; an empty search repeats the last one.

        A search (`/`, `?`) also finds every hit through the book as shown, a piece at a time between \
        keys (a key never waits for it): the status bar counts them as they come, `12 hits…`, then \
        `120 hits` when the whole book is searched. `F`, or `Tab` at the search prompt instead of \
        `Enter`, lists them (those found so far, growing while the search goes on): each hit's chapter \
        and the text around it on its line, the hit underlined in the match colors. Typing filters the \
        list by chapter or text, `Backspace` unfilters, `Enter` jumps to the hit (a jump: `C-o` comes \
        back to where the list was opened), `Esc` closes (`q` and `F` are typed into the filter).

        ## Conversion

        `c` switches this book's conversion on and off: off, or the one that suits the book — the one last \
        chosen for it in the settings (`s`, the Convert row, or `--convert`) or the `convert` setting when \
        that reads the book's script, else `s2t` for a book in Simplified characters and `t2s` for one in \
        Traditional (told from common characters the two write differently, 这/這, 说/說 …). The settings' \
        Convert row steps through all nine. The choice is remembered with the book.

        """

    /// docs/keys.md: auto page turn, jumping back, the mouse, two pages and the library.
    static let autoTurnAndLibrary = """

        ## Auto page turn, jumping back, the mouse

        `a` turns a page every `autoPageSeconds` (in scroll mode a line every `autoLineSeconds`); the \
        status bar shows `▶ auto 20s/page`. While it runs, the `font-larger` and `font-smaller` keys (`+` \
        `-`) make it faster or slower, and the pace is saved; any other key pauses it and then does what \
        it always does; it stops on the book's last page.

        Every jump — the TOC, a search, a bookmark, `g`/`G`, `:`, `N Enter`, a count before `]` or `[`, \
        a link followed — keeps the place it left: `C-o` goes back there, `C-n` forward again, like Ctrl-O / Ctrl-I in \
        vim. Page turns and a plain `]` or `[` are reading, not jumps. The last 10 places each way are \
        kept with the book.

        A click on a link follows it, as `Enter` on it does (below); elsewhere a click on the left third of the text turns back a page and on the right third forward, as a \
        tap does in phone readers; a click on the status bar opens the table of contents. In the TOC, \
        the bookmarks and the chapter rules a click on an entry picks it (as `Enter`); in the settings \
        it selects a row, and a second click on it changes the value; in the library it opens the book; \
        in the help it closes it.

        ## Two pages, the library

        When the window holds two text blocks of the `width` setting with their margins and a gutter \
        (170 columns at the defaults) and the `spread` setting is `auto`, page mode shows two pages side \
        by side like an open book, and the page keys, a click and auto page turn turn both. A chapter \
        starts on the left page; a jump shows the two pages that hold its target. The status bar says \
        `3-4/10`. Resizing in and out keeps the first character on screen.

        `L` lists the recent books (title, progress, the day last read, the time left at the measured \
        speed) and then the `.txt` books of the folder in the `libraryFolder` setting, as `novel \
        library DIR` lists them; the book being read is marked `•`. `Enter` on another book saves this \
        book's place and opens that one where it was left.

        """

    /// docs/keys.md: reading aloud.
    static let readAloud = """

        ## Reading aloud

        `A` reads the book aloud from the first sentence on the screen, sentence by sentence, as it is \
        shown (after reflow, conversion, cleaning rules and junk hiding; footnote markers and image \
        placeholders unsaid; docs/speech.md). The sentence being said is bold and underlined, which every \
        theme and `NO_COLOR` keep; it moves when the engine reports that the next sentence started (never \
        by a clock), and the page turns, and the chapter, to keep it on screen. `A` again pauses and \
        resumes (from the start of the sentence paused in). While it is on, the `font-larger` and \
        `font-smaller` keys (`+` `-`) change the rate by 25 words a minute (saved as `speech.rate`, where \
        it starts) instead of the font scale, as \
        they change auto page turn's pace: they are the keys that make things bigger or faster, and the \
        font scale can still be changed from the settings (`s`). `Esc` stops reading aloud (it quits only \
        when nothing is read aloud). Any move — the page keys, a chapter key, the TOC, a search, a \
        bookmark, a jump — takes the voice to the first sentence on the new screen; a new conversion or \
        reflow finds the sentences again from the one being said. The boss key silences it at once (and \
        it stays paused when the page comes back). The status bar says `aloud 175wpm` or `aloud paused`.

        The voice is the `speech.command` setting's when it is set (a command that speaks what it reads \
        on standard input, told the rate in `NOVEL_SPEECH_RATE`), else espeak-ng's in `speech.voice` or \
        the book's language, played on the audio device; where none can be opened, the status bar says \
        so in one line and the reader reads on without a voice. The sleep \
        timer (`speech.sleep`, the settings overlay's *Read-aloud timer* row) stops reading aloud \
        after 15 to 90 minutes or at the end of the chapter.

        """

    /// docs/keys.md: links and notes.
    static let linksAndNotes = """

        ## Links and notes

        A book's links (an EPUB's) are underlined, and its emphasis is shown as bold, italic and underlined \
        text where the terminal has them (a terminal without an italic mode shows italic text plain, a \
        terminal without colors keeps the others); `NO_COLOR`, which asks for plain output, and a \
        disguise show none (`NO_COLOR` keeps links underlined). `>` selects the next link on \
        the screen and `<` the previous one, going round; the selected link is in reverse video. `Enter` \
        on it opens a note reference's note over the foot of the page (the arrows scroll a long one, \
        `Esc`, `q` or any other key closes it), follows a link into the book as a jump (`C-o` comes \
        back), and says when a link leads out of the book. Nothing moves while a link is selected; a \
        selection the page has turned past is not followed.

        """
}
