import COpenCC
import Foundation
import Synchronization

extension ChineseConverter {
    /// What a conversion's result depends on besides its input, named in its tables' file: the size
    /// and modification time of OpenCC's code (its version) and of the configuration's files (the JSON
    /// file and the dictionaries it names), found in OpenCC's data folder beside its library
    /// (`PREFIX/lib/…` → `PREFIX/share/opencc`). Nil when any of them cannot be found: then nothing is
    /// kept. Read without loading the configuration (a few `stat`s and a file of a few hundred bytes).
    public static func stamp(_ conversion: Conversion) -> String? {
        guard let file = conversion.configFile else { return nil }
        // Made under the lock: two threads that ask at once stat the files once.
        return knownStamps.withLock { known in
            if let stamp = known[conversion] { return stamp }
            let made = makeStamp(configFile: file)
            known[conversion] = made
            return made
        }
    }

    private static let knownStamps = Mutex<[Conversion: String?]>([:])

    private static func makeStamp(configFile: String) -> String? {
        // The library's real path: `/lib` is often a link to `/usr/lib`, whose prefix holds the data.
        guard let loadedPath = novel_opencc_library_path(), let real = realpath(loadedPath, nil) else { return nil }
        let libraryPath = String(cString: real)
        free(real)
        guard let library = fileStamp(libraryPath), let folder = dataFolder(libraryPath: libraryPath)
        else { return nil }
        let configPath = folder + "/" + configFile
        // open(2), not FileManager: a reopen with a conversion stamps before its first screen.
        guard let config = fileStamp(configPath), let json = try? BookFile.read(configPath, limit: 1 << 16)
        else { return nil }
        var parts = ["opencc \(library)", "\(configFile) \(config)"]
        for dictionary in Set(dictionaryFiles(in: String(decoding: json, as: UTF8.self))).sorted() {
            guard let stamp = fileStamp(folder + "/" + dictionary) else { return nil }
            parts.append("\(dictionary) \(stamp)")
        }
        return parts.joined(separator: "; ")
    }

    /// OpenCC's data folder, from where its library really is: `PREFIX/share/opencc` for `PREFIX/lib/…`.
    static func dataFolder(libraryPath: String) -> String? {
        guard
            let lib = libraryPath.range(of: "/lib/", options: .backwards)
                ?? libraryPath.range(of: "/lib64/", options: .backwards)
        else { return nil }
        return String(libraryPath[..<lib.lowerBound]) + "/share/opencc"
    }

    /// The values of the `"file"` keys in a configuration's JSON.
    static func dictionaryFiles(in json: String) -> [String] {
        var names: [String] = []
        var rest = json[...]
        while let key = rest.range(of: "\"file\"") {
            rest = rest[key.upperBound...]
            guard let open = rest.firstIndex(of: "\"") else { break }
            let value = rest[rest.index(after: open)...]
            guard let close = value.firstIndex(of: "\"") else { break }
            names.append(String(value[..<close]))
            rest = value[value.index(after: close)...]
        }
        return names
    }

    /// "SIZE-MTIME" of a file, or nil when it cannot be read.
    private static func fileStamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return "\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
