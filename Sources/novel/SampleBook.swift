import Foundation

/// The bundled sample a first run suggests, found where it really is: installed beside the binary
/// (`PREFIX/share/novel/books`, by scripts/install and the Debian package) or, for a binary built in a
/// clone, the clone's `books/` folder. Outside both there is no sample to name.
enum SampleBook {
    static let fileName = "青灯记.txt"

    /// The sample's absolute path, or nil where none is installed.
    static var path: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return path(besideExecutable: executable)
    }

    static func path(besideExecutable executable: String) -> String? {
        let binFolder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var candidates = [binFolder.appendingPathComponent("../share/novel/books/\(fileName)").standardizedFileURL.path]
        // A build in a clone lives a few folders below the clone (.build-dist/release, .build/<triple>/release).
        var folder = binFolder
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                candidates.append(folder.appendingPathComponent("books/\(fileName)").path)
                break
            }
        }
        return candidates.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// The line a first run prints: the command that opens the sample, or what to do where there is none.
    static var suggestion: String {
        guard let path else { return "novel read BOOK.txt   (any novel kept as a .txt file)" }
        return "novel read \(shellWord(path))"
    }

    /// `path` as one word of a POSIX shell: quoted only when it holds something the shell would split or expand.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x7F || CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar)
        }
        if plain { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
