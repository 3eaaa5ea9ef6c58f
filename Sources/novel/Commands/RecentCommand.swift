import ArgumentParser
import Foundation
import NovelCore

struct RecentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent",
        abstract: "List the books you have read, most recent first.",
        discussion: """
            Examples:
              novel recent
              novel recent --json
            """)

    @Flag(help: "Print JSON: an array of {title, path, percent, lastRead}.") var json = false

    func run() throws {
        // A book edited in place gets a new fingerprint and state; list each path once, its latest state.
        var seenPaths: Set<String> = []
        let states = BookStateStore(paths: NovelPaths.fromEnvironment()).all().filter { state in
            state.lastRead != nil && seenPaths.insert(state.lastPath).inserted
        }
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
            StandardOutput.writeLine("No books read yet. Try: novel read books/青灯记.txt")
            return
        }
        var lines = ""
        for state in states {
            let percent = String(format: "%5.1f%%", state.position?.percent ?? 0)
            let when = state.lastRead.map(Self.localDate) ?? ""
            lines += "\(percent)  \(when)  \(state.title)  \(state.lastPath)\n"
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
