/// The innocent screen the boss key puts up: a shell prompt over a build and test run, generated here
/// (never a real command's output), with a window title to match. Nothing of the book is in it.
enum BossScreen {
    /// The terminal window title while the boss screen is up.
    static let title = "make test — ~/src/ledger-service"
    /// The title when the page comes back: the program's name, never the book's.
    static let readerTitle = "novel"

    static let prompt = "dev@build-07:~/src/ledger-service$ "

    /// The lines of the fake session, `count` of them when there is room (the command, its output and a
    /// fresh prompt), else the last that fit.
    static func lines(count: Int) -> [String] {
        let modules = ["parser", "ledger", "accounts", "export", "storage", "http", "auth", "report", "cache", "queue"]
        var lines = [prompt + "make test"]
        var step = 0
        while lines.count < count - 2 {
            let module = modules[step % modules.count]
            let percent = min(99, step * 100 / max(count - 3, 1))
            if step % 4 == 3 {
                lines.append("test \(module)::tests::round_trip_\(step) ... ok")
            } else {
                lines.append(
                    "[\(pad(percent))%] Building CXX object src/\(module)/CMakeFiles/\(module).dir/\(module)_\(step).cpp.o"
                )
            }
            step += 1
        }
        lines.append("test result: ok. \(step / 4) passed; 0 failed; 0 ignored; finished in 4.21s")
        lines.append(prompt)
        return lines
    }

    private static func pad(_ number: Int) -> String {
        number < 10 ? "  \(number)" : number < 100 ? " \(number)" : "\(number)"
    }

    /// The whole screen: every cell written, so nothing of the page below shows through.
    static func screen(columns: Int, rows: Int) -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        for row in 0..<rows { screen.fill(row: row, style: .text) }
        let shown = lines(count: rows).suffix(rows)
        for (row, line) in shown.enumerated() {
            screen.write(line, row: row, column: 0, style: .text) { _ in 1 }
        }
        return screen
    }
}
