import Foundation
import NovelTestSupport
import Testing

/// The arrows between the core's folders hold: each folder of `Sources/NovelCore` uses the types and
/// functions of only the folders that docs/architecture.md's table "Arrows between the core's folders"
/// lets it use. A use is a name declared at the top level of a file in one folder (a type, a function,
/// a constant) that appears outside comments and string literals in a file of another.
@Suite struct FolderArrowsTests {
    /// The files at the top of `Sources/NovelCore`, outside any folder, as the table names them.
    static let topName = "top"

    @Test func everyFolderUsesOnlyTheFoldersTheTableAllows() throws {
        let allowed = try Self.allowedArrows()
        let folders = try Self.coreFolders()
        let uses = Self.uses(folders)
        var forbidden: [String] = []
        for (arrow, evidence) in uses.sorted(by: { "\($0.key)" < "\($1.key)" })
        where !(allowed[arrow.from]?.contains(arrow.to) ?? false) {
            let examples = evidence.sorted().prefix(4).joined(separator: ", ")
            forbidden.append("\(arrow.from) → \(arrow.to): \(examples)")
        }
        #expect(forbidden.isEmpty, "arrows the table does not allow:\n\(forbidden.joined(separator: "\n"))")
    }

    @Test func theTableNamesEveryFolderAndNoOther() throws {
        let allowed = try Self.allowedArrows()
        let folders = Set(try Self.coreFolders().keys)
        #expect(Set(allowed.keys) == folders)
        for (folder, targets) in allowed {
            #expect(targets.isSubset(of: folders), "\(folder) may use unknown folders: \(targets.subtracting(folders))")
        }
    }

    /// The check sees through comments and strings, and finds a use in either direction.
    @Test func usesAreFoundInCodeOnly() {
        let folders = [
            "A": ["a.swift": "enum Alpha {}\nfunc helper() {}\n"],
            "B": ["b.swift": "struct Beta { let a = Alpha.self }\n// Gamma in a comment\n"],
            "C": ["c.swift": "enum Gamma {}\nlet text = \"Beta helper\"\n/* Alpha */ let call = helper()\n"],
        ]
        let uses = Self.uses(folders)
        #expect(Set(uses.keys) == [Arrow(from: "B", to: "A"), Arrow(from: "C", to: "A")])
        #expect(uses[Arrow(from: "C", to: "A")] == ["c.swift: helper"])
    }

    // MARK: The table

    /// The table of docs/architecture.md: each row's folder and the folders it may use.
    static func allowedArrows() throws -> [String: Set<String>] {
        let url = Corpus.repositoryRoot.appendingPathComponent("docs/architecture.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let heading = text.range(of: "## Arrows between the core's folders") else {
            Issue.record("docs/architecture.md has no section \"Arrows between the core's folders\"")
            return [:]
        }
        var allowed: [String: Set<String>] = [:]
        var inTable = false
        for line in text[heading.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3 else { continue }
            let folder = names(cells[1])
            guard folder.count == 1, let name = folder.first, name != "folder" else { continue }
            allowed[name] = Set(names(cells[2]))
        }
        return allowed
    }

    /// The folder names quoted in a cell (`Text`, `Support`); a cell without any allows none.
    private static func names(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 ? String(part) : nil
        }
    }

    // MARK: The uses

    struct Arrow: Hashable, CustomStringConvertible {
        var from: String
        var to: String
        var description: String { "\(from) → \(to)" }
    }

    /// Every folder of `Sources/NovelCore` (the top files as `topName`): its files' names and code.
    static func coreFolders() throws -> [String: [String: String]] {
        let root = Corpus.repositoryRoot.appendingPathComponent("Sources/NovelCore")
        let manager = FileManager.default
        var folders: [String: [String: String]] = [:]
        for name in try manager.contentsOfDirectory(atPath: root.path) {
            let url = root.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                for file in try manager.subpathsOfDirectory(atPath: url.path) where file.hasSuffix(".swift") {
                    folders[name, default: [:]][file] = try String(
                        contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                }
            } else if name.hasSuffix(".swift") {
                folders[topName, default: [:]][name] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return folders
    }

    /// Each arrow from a folder to another whose top-level names its code uses, with the uses as
    /// `file: name`. A name declared at the top level of two folders belongs to neither.
    static func uses(_ folders: [String: [String: String]]) -> [Arrow: Set<String>] {
        let code = folders.mapValues { $0.mapValues(SwiftCode.withoutCommentsAndStrings) }
        var owners: [String: Set<String>] = [:]
        for (folder, files) in code {
            for source in files.values {
                for name in SwiftCode.topLevelNames(source) { owners[name, default: []].insert(folder) }
            }
        }
        var uses: [Arrow: Set<String>] = [:]
        for (folder, files) in code {
            for (file, source) in files {
                for word in SwiftCode.identifiers(source) {
                    guard let owner = owners[word], owner.count == 1, let other = owner.first, other != folder else {
                        continue
                    }
                    uses[Arrow(from: folder, to: other), default: []].insert("\(file): \(word)")
                }
            }
        }
        return uses
    }
}

/// Just enough of Swift's lexical rules to tell code from comments and strings, and to find the names
/// a file declares at its top level.
enum SwiftCode {
    /// `source` with comments removed and the contents of string literals emptied (interpolations
    /// included). Nested block comments and raw strings (`#"…"#`) are followed.
    static func withoutCommentsAndStrings(_ source: String) -> String {
        let bytes = Array(source.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        func at(_ offset: Int, _ text: String) -> Bool {
            let wanted = Array(text.utf8)
            return offset + wanted.count <= bytes.count && Array(bytes[offset..<(offset + wanted.count)]) == wanted
        }
        while index < bytes.count {
            if at(index, "//") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if at(index, "/*") {
                var depth = 0
                repeat {
                    if at(index, "/*") {
                        depth += 1
                        index += 2
                    } else if at(index, "*/") {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < bytes.count
                output.append(0x20)
            } else if bytes[index] == 0x22 || (bytes[index] == 0x23 && at(index, "#\"")) {
                var hashes = 0
                while index < bytes.count, bytes[index] == 0x23 {
                    hashes += 1
                    index += 1
                }
                let quotes = at(index, "\"\"\"") ? 3 : 1
                index += quotes
                let close = String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)
                while index < bytes.count, !at(index, close) {
                    index += bytes[index] == 0x5C && hashes == 0 ? 2 : 1
                }
                index += close.utf8.count
                output.append(contentsOf: Array("\"\"".utf8))
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The names declared by lines that start at the first column (after attributes and modifiers): types,
    /// type aliases, functions, constants and variables. Members of an extension or a type are indented.
    static func topLevelNames(_ code: String) -> [String] {
        let keywords: Set<String> = ["struct", "enum", "class", "protocol", "actor", "typealias", "func", "let", "var"]
        let modifiers: Set<String> = [
            "public", "internal", "private", "fileprivate", "package", "final", "nonisolated", "indirect", "static",
        ]
        var names: [String] = []
        for line in code.split(separator: "\n") where line.first.map({ $0 != " " && $0 != "}" }) ?? false {
            var words = identifiersAndAttributes(line)[...]
            while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) || word.hasPrefix("(") {
                words = words.dropFirst()
            }
            guard let keyword = words.first, keywords.contains(keyword), words.count >= 2 else { continue }
            names.append(words[words.startIndex + 1])
        }
        return names
    }

    /// The identifiers of `code`, each once.
    static func identifiers(_ code: String) -> Set<String> {
        Set(identifiersAndAttributes(Substring(code)).filter { !$0.hasPrefix("@") && !$0.hasPrefix("(") })
    }

    /// The words of `text`: identifiers, and attributes with their `@` (`@inline` and its argument
    /// `(__always)` as one word, so that it is skipped as a whole).
    private static func identifiersAndAttributes(_ text: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var inArgument = false
        for character in text {
            if inArgument {
                current.append(character)
                if character == ")" {
                    words.append(current)
                    current = ""
                    inArgument = false
                }
            } else if character == "_" || character.isLetter || character.isNumber
                || (character == "@" && current.isEmpty)
            {
                current.append(character)
            } else if character == "(", current.hasPrefix("@") {
                words.append(current)
                current = "("
                inArgument = true
            } else {
                if !current.isEmpty, !(current.first?.isNumber ?? false) { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty, !inArgument, !(current.first?.isNumber ?? false) { words.append(current) }
        return words
    }
}
