/// A `~/.netrc` file read as ftp(1) and curl read it: words separated by blanks and line ends, entries
/// `machine <host>` (or `default`) followed by `login`, `password` and `account` pairs; a `macdef`'s lines
/// are skipped up to the blank line that ends it. A double-quoted word may hold blanks (curl's reading).
struct Netrc {
    struct Entry: Equatable {
        /// nil for the `default` entry.
        var machine: String?
        var login: String?
        var password: String?
    }

    let entries: [Entry]

    init(_ text: String) {
        var entries: [Entry] = []
        var words = Self.words(text)[...]
        while let word = words.popFirst() {
            switch word {
            case "machine":
                entries.append(Entry(machine: words.popFirst() ?? ""))
            case "default":
                entries.append(Entry(machine: nil))
            case "login", "password", "account":
                let value = words.popFirst()
                guard !entries.isEmpty else { continue }
                if word == "login" { entries[entries.count - 1].login = value }
                if word == "password" { entries[entries.count - 1].password = value }
            default:
                continue
            }
        }
        self.entries = entries
    }

    /// The password of the first entry for `machine` (case-insensitive) whose login is `login` or absent,
    /// else the `default` entry's on the same terms.
    func password(machine: String, login: String) -> String? {
        func fits(_ entry: Entry) -> Bool { entry.password != nil && (entry.login == nil || entry.login == login) }
        if let entry = entries.first(where: { $0.machine?.lowercased() == machine.lowercased() && fits($0) }) {
            return entry.password
        }
        return entries.first { $0.machine == nil && fits($0) }?.password
    }

    /// The file's words, without the lines of macro definitions.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var inMacro = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if inMacro {
                if line.allSatisfy(\.isWhitespace) { inMacro = false }
                continue
            }
            let lineStart = words.count
            var current = ""
            var quoted = false
            var hasWord = false
            var characters = line.makeIterator()
            while let character = characters.next() {
                if quoted {
                    if character == "\"" {
                        quoted = false
                    } else if character == "\\", let next = characters.next() {
                        current.append(next)
                    } else {
                        current.append(character)
                    }
                } else if character == "\"" && current.isEmpty {
                    quoted = true
                    hasWord = true
                } else if character.isWhitespace {
                    if hasWord || !current.isEmpty { words.append(current) }
                    current = ""
                    hasWord = false
                } else {
                    current.append(character)
                }
            }
            if hasWord || !current.isEmpty { words.append(current) }
            if let macro = words[lineStart...].firstIndex(of: "macdef") {
                // The macro's name ends the line; its body follows up to a blank line.
                words.removeSubrange(macro...)
                inMacro = true
            }
        }
        return words
    }
}
