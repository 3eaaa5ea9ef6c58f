import Foundation
import NovelCore

/// A private home (config, state and cache folders) for targets that read files, made once per process,
/// with the sample book written in it, and a folder of books for the library listing.
final class FuzzHome: Sendable {
    static let shared = FuzzHome()

    /// Stands for `root` in inputs: seeds are made by one process and fuzzed by another, whose home has
    /// another name.
    static let rootPlaceholder = "@HOME@"
    /// The books' modification time: a file's identity (size and time) stored in a seed's state or cache
    /// must be the identity the fuzzing process sees, or the paths that trust it are never reached.
    static let bookModified = Date(timeIntervalSince1970: 1_767_225_600)

    let root: String
    let paths: NovelPaths
    let bookPath: String
    let bookText: BookText
    /// A folder with the sample book and a short English one (`LibraryCacheFuzzTarget`).
    let libraryFolder: String

    private init() {
        // In memory where there is a tmpfs: the stores flush every write to disk, which on a busy disk
        // takes longer than the rest of an input. Resolved as the stores resolve a book's path
        // (`lastPath`), so that a seed's paths are found again.
        let memory = "/dev/shm"
        let temporary = access(memory, W_OK) == 0 ? memory : NSTemporaryDirectory()
        root = ReadingSession.absolutePath(temporary) + "/novel-fuzz-\(getpid())"
        paths = NovelPaths(
            configDirectory: root + "/config", stateDirectory: root + "/state", cacheDirectory: root + "/cache")
        bookPath = root + "/sample.txt"
        for folder in [paths.configDirectory, paths.stateDirectory, paths.cacheDirectory] {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let bytes = Array(FuzzBooks.sampleText.utf8)
        _ = FileManager.default.createFile(atPath: bookPath, contents: Data(bytes))
        bookText =
            (try? BookLoader.decode(bytes, path: bookPath))
            ?? BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        libraryFolder = root + "/library"
        try? FileManager.default.createDirectory(atPath: libraryFolder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: libraryFolder + "/青灯.txt", contents: Data(bytes))
        let english = Data(FuzzBooks.englishText.utf8)
        _ = FileManager.default.createFile(atPath: libraryFolder + "/lamp.txt", contents: english)
        for book in [bookPath, libraryFolder + "/青灯.txt", libraryFolder + "/lamp.txt"] {
            try? FileManager.default.setAttributes([.modificationDate: Self.bookModified], ofItemAtPath: book)
        }
        atexit { try? FileManager.default.removeItem(atPath: FuzzHome.shared.root) }
    }

    /// For a seed made by the stores: the sample book opened with an empty state folder, and a place in it
    /// taken from the seed file's first bytes.
    func seedSession(from file: [UInt8]) -> (session: ReadingSession, offset: Int)? {
        clear(paths.stateDirectory)
        let offset = file.prefix(4).reduce(0) { $0 &* 31 &+ Int($1) } % max(bookText.utf8.count, 1)
        guard let session = try? ReadingSession.open(path: bookPath, paths: paths) else { return nil }
        return (session, offset)
    }

    /// Empties `folder` (state written by the previous input must not leak into the next).
    func clear(_ folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Writes an input where a store will read it, making its folder first: `clear` may have removed it
    /// (the state folder's `books/`), and an input that never reaches the disk is never fuzzed.
    func write(_ bytes: [UInt8], to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FuzzCheck.require(
            FileManager.default.createFile(atPath: path, contents: Data(bytes)), "the fuzz home cannot write \(path)")
    }

    /// The input with `rootPlaceholder` as this process's home.
    func expandingRoot(_ bytes: [UInt8]) -> [UInt8] {
        guard let text = String(validating: bytes, as: UTF8.self), text.contains(Self.rootPlaceholder) else {
            return bytes
        }
        return Array(text.replacingOccurrences(of: Self.rootPlaceholder, with: root).utf8)
    }

    /// A file written by a store, with this process's home (plain, or with JSON's escaped slashes) as
    /// `rootPlaceholder`.
    func placingRoot(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: root.replacingOccurrences(of: "/", with: "\\/"), with: Self.rootPlaceholder)
            .replacingOccurrences(of: root, with: Self.rootPlaceholder)
        return Array(text.utf8)
    }
}

extension FuzzHome {
    func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
