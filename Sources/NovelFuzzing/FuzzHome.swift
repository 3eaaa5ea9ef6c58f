import Foundation
import NovelCore

/// A private home (config, state and cache folders) for targets that read files, made once per process,
/// with the sample book written in it.
final class FuzzHome: Sendable {
    static let shared = FuzzHome()

    let root: String
    let paths: NovelPaths
    let bookPath: String
    let bookText: BookText

    private init() {
        root = NSTemporaryDirectory() + "/novel-fuzz-\(getpid())"
        paths = NovelPaths(configDirectory: root + "/config", stateDirectory: root + "/state", cacheDirectory: root + "/cache")
        bookPath = root + "/sample.txt"
        for folder in [paths.configDirectory, paths.stateDirectory, paths.cacheDirectory] {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let bytes = Array(FuzzBooks.sampleText.utf8)
        _ = FileManager.default.createFile(atPath: bookPath, contents: Data(bytes))
        bookText = (try? BookLoader.decode(bytes, path: bookPath))
            ?? BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        atexit { try? FileManager.default.removeItem(atPath: FuzzHome.shared.root) }
    }

    /// Empties `folder` (state written by the previous input must not leak into the next).
    func clear(_ folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
}

extension FuzzHome {
    func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
