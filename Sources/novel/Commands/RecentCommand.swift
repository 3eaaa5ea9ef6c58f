import ArgumentParser
import Foundation
import NovelCore

struct RecentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent",
        abstract: "List the books you have read, most recent first.",
        discussion: """
            Books read with --private are never listed. --clear empties the list (places and bookmarks \
            are kept).

            Examples:
              novel recent
              novel recent --json
              novel recent --clear
            """)

    @Flag(help: "Print JSON: an array of {title, path, percent, lastRead}.") var json = false
    @Flag(help: "Forget which books were read and when (reading positions and bookmarks stay).") var clear = false

    func validate() throws {
        if clear && json { throw ValidationError("--clear and --json cannot be used together") }
    }

    func run() throws {
        let store = BookStateStore(paths: NovelPaths.fromEnvironment())
        if clear {
            let count = try store.clearRecent()
            StandardOutput.writeLine("Cleared \(count) book\(count == 1 ? "" : "s") from the recent list.")
            return
        }
        let states = store.recent()
        if json {
            let rows: [[String: Any]] = states.map { state in
                var row: [String: Any] = [
                    "title": state.title, "path": state.lastPath, "percent": state.position?.percent ?? 0,
                    "lastRead": state.lastRead.map(Self.isoDate) ?? NSNull(),
                ]
                // A name that is not UTF-8: its exact bytes, for scripts that open it.
                if RawPath.hasRawBytes(state.lastPath) {
                    row["pathBytes"] = Data(RawPath.bytes(of: state.lastPath)).base64EncodedString()
                }
                return row
            }
            try StandardOutput.writeJSON(object: rows)
            return
        }
        if states.isEmpty {
            StandardOutput.writeLine("No books read yet. Try: \(SampleBook.suggestion)")
            return
        }
        var lines = ""
        for state in states {
            let percent = String(format: "%5.1f%%", state.position?.percent ?? 0)
            let when = state.lastRead.map(Self.localDate) ?? ""
            let (title, path) = (TerminalSafe.escaped(state.title), TerminalSafe.escaped(state.lastPath))
            lines += "\(percent)  \(when)  \(title)  \(path)\n"
        }
        StandardOutput.write(lines)
    }

    static func isoDate(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    static func localDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
