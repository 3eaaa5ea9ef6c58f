import Foundation

/// Per-book state files under the state folder: `<fingerprint>.json`, written atomically under a lock.
public struct BookStateStore: Sendable {
    public let directory: String
    /// The state folder that holds `directory` (and `ReadingTotals`' file).
    public let stateDirectory: String

    public init(paths: NovelPaths) {
        stateDirectory = paths.stateDirectory
        directory = paths.bookStateDirectory
    }

    public func path(fingerprint: String) -> String {
        "\(directory)/\(fingerprint).json"
    }

    func file(_ fingerprint: String) -> JSONObjectFile {
        JSONObjectFile(path: path(fingerprint: fingerprint), version: BookState.formatVersion)
    }

    /// The book's state, or nil when there is none. Problems with the file are reported in `warnings`.
    public func load(fingerprint: String, warnings: inout [String]) -> BookState? {
        let contents = file(fingerprint).read()
        warnings += contents.warnings
        guard !contents.object.isEmpty else { return nil }
        return BookState(
            object: contents.object, fingerprint: fingerprint, warnings: &warnings, path: file(fingerprint).path)
    }

    public func load(fingerprint: String) -> BookState? {
        var warnings: [String] = []
        return load(fingerprint: fingerprint, warnings: &warnings)
    }

    /// Locks the book's file, re-reads it, applies `change` and writes the result atomically, so that
    /// concurrent novel processes never lose each other's changes.
    @discardableResult
    public func update<T>(
        fingerprint: String, title: String, path bookPath: String, _ change: (inout BookState) throws -> T
    ) throws -> T {
        let file = file(fingerprint)
        return try FileLock.withLock(file.path) {
            let contents = file.read()
            if let refusal = contents.refusalToWrite(path: file.path) { throw refusal }
            var warnings: [String] = []
            var state =
                contents.object.isEmpty
                ? BookState(fingerprint: fingerprint, title: title, lastPath: bookPath)
                : BookState(object: contents.object, fingerprint: fingerprint, warnings: &warnings, path: file.path)
            // Parts of the wrong shape are left out of the rewrite: keep the whole original beside it first.
            if !warnings.isEmpty, file.copyAside() == nil {
                throw StateError.writeFailed(path: file.path, reason: "could not keep a copy of its unreadable parts")
            }
            state.fingerprint = fingerprint
            state.title = title
            state.lastPath = bookPath
            let result = try change(&state)
            // A change that changes nothing (a sync that brought nothing new) leaves the file, and the time
            // `latest(lastPath:)` goes by, as they are: no rewrite and no two fsyncs for nothing. A file
            // whose unreadable parts were left out is always rewritten.
            try file.write(state.merged(into: contents.object), unlessSameAs: warnings.isEmpty ? contents.object : [:])
            return result
        }
    }

    /// The most recently written state whose book was last opened from `bookPath`: how an edited book
    /// (new text, new fingerprint) finds its old state. Re-anchoring copies `lastRead` into the new
    /// state, so the file's modification time is what tells the newest apart. Only the match is decoded.
    public func latest(lastPath bookPath: String) -> BookState? {
        var warnings: [String] = []
        return latest(lastPath: bookPath, warnings: &warnings)
    }

    /// As `latest(lastPath:)`, reporting files that were moved aside on the way.
    public func latest(lastPath bookPath: String, warnings: inout [String]) -> BookState? {
        guard let best = latestObject(lastPath: bookPath, warnings: &warnings) else { return nil }
        return BookState(
            object: best.object, fingerprint: best.fingerprint, warnings: &warnings,
            path: path(fingerprint: best.fingerprint))
    }

    /// The few facts `BookPreview` needs from the latest state of the book at `bookPath`, read straight from
    /// the JSON object: decoding a whole state (bookmarks and all) costs a millisecond of the launch.
    public func latestSummary(lastPath bookPath: String) -> BookStateSummary? {
        var ignored: [String] = []
        guard let best = latestObject(lastPath: bookPath, warnings: &ignored) else { return nil }
        return BookStateSummary(object: best.object, fingerprint: best.fingerprint)
    }

    private func latestObject(lastPath bookPath: String, warnings: inout [String])
        -> (fingerprint: String, object: [String: Any])?
    {
        var best: (fingerprint: String, object: [String: Any], written: Int64)?
        let named = Self.namesInStateFile(bookPath)
        for fingerprint in fingerprints() {
            // Only files that may name this path are parsed: a reader with hundreds of books would
            // otherwise parse every state at each launch.
            guard let raw = try? BookFile.read(path(fingerprint: fingerprint), limit: BookFile.largestSettingsOrState),
                named.contains(where: { ByteSearch.contains(raw, $0) })
            else { continue }
            let contents = file(fingerprint).contents(of: raw)
            if !contents.isNewer { warnings += contents.warnings }  // a newer file is reported when it is loaded
            let object = contents.object
            guard object["lastPath"] as? String == bookPath else { continue }
            // stat(2), not FileManager's attributes, which also look up the owner's and group's names.
            let written = RawPath.status(path(fingerprint: fingerprint)).map { FileIdentity($0).modified } ?? .min
            if best.map({ written > $0.written }) ?? true { best = (fingerprint, object, written) }
        }
        return best.map { ($0.fingerprint, $0.object) }
    }

    /// What a state file whose `lastPath` is `bookPath` holds in its bytes, one of them at least: the
    /// file name as `JSONText` writes it, or an escape that could spell it otherwise (a file written by
    /// hand or by another JSON writer).
    static func namesInStateFile(_ bookPath: String) -> [[UInt8]] {
        let name = bookPath.split(separator: "/").last.map(String.init) ?? bookPath
        return [JSONText.escaped(name), Array("\\u".utf8), Array("\\/".utf8)]
    }

    /// The fingerprints of every stored book (the state files' names).
    func fingerprints() -> [String] {
        let names = RawPath.names(inDirectory: directory) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The history of books read, most recent first: one state per path (a book edited in place gets a
    /// new fingerprint and state; its latest counts), private books and books never read left out. The
    /// one list `novel recent` and `novel` alone read.
    public func recent() -> [BookState] {
        var seenPaths: Set<String> = []
        return all().filter { state in
            state.lastRead != nil && !state.isPrivate && seenPaths.insert(state.lastPath).inserted
        }
    }

    /// Forgets when each book was read, so that the history is empty; places, bookmarks and per-book
    /// choices stay. Returns how many books were in it.
    @discardableResult
    public func clearRecent() throws -> Int {
        var cleared = 0
        for state in all() where state.lastRead != nil {
            try update(fingerprint: state.fingerprint, title: state.title, path: state.lastPath) { current in
                current.lastRead = nil
            }
            cleared += 1
        }
        return cleared
    }

    /// Every book's state, most recently read first.
    public func all() -> [BookState] {
        var states: [BookState] = []
        for fingerprint in fingerprints() {
            if let state = load(fingerprint: fingerprint) { states.append(state) }
        }
        return states.sorted { ($0.lastRead ?? .distantPast) > ($1.lastRead ?? .distantPast) }
    }
}
