import Foundation

/// A book opened together with its reading state: the per-book choices (encoding, chapter pattern) are
/// applied, and when the file at this path changed since it was last read, the state is re-anchored.
public struct ReadingSession: Sendable {
    public let book: Book
    /// Nil for a book never read before.
    public let state: BookState?
    /// Problems with the book's state and the files behind it (a damaged state file, a book that changed
    /// since it was last read), for stderr or the status bar.
    public let stateWarnings: [String]
    public let store: BookStateStore

    /// Everything to tell on stderr: the book's own problems (an EPUB's missing members,
    /// `EpubFacts.warnings`), then the state's. The reader shows the book's own as `EpubFacts.notice`.
    public var warnings: [String] { (book.epub?.warnings(path: book.path) ?? []) + stateWarnings }

    /// `remember` stores an explicitly given encoding, pattern, reflow or privacy (`--private`,
    /// `--no-private`) as the book's choice. `progress` hears how far opening the book has got.
    /// `trustingStamp` opens a book read before whose file its state's `source` stamp still describes
    /// from the file's bytes and the cached index, without a pass over its text (`BookOpener.openStamped`:
    /// the same book, made without the check, the normalising check and the fingerprint), as `novel
    /// search` asks; any other book, and any book when an encoding is given or was chosen, is opened whole.
    public static func open(
        path: String, encoding: String? = nil, chapterPattern: String? = nil, reflow: DisplayOptions.Reflow? = nil,
        isPrivate: Bool? = nil, convert: Conversion? = nil, paths: NovelPaths, remember: Bool = false,
        trustingStamp: Bool = false, progress: LoadStep = .none
    ) throws -> ReadingSession {
        let store = BookStateStore(paths: paths)
        let absolute = absolutePath(path)
        var warnings: [String] = []
        let previous = store.latest(lastPath: absolute, warnings: &warnings)
        let pattern = chapterPattern ?? previous?.chapterPattern
        var stamped: Book?
        if trustingStamp, encoding == nil, let previous, previous.encoding == nil, let source = previous.source {
            stamped = BookOpener.openStamped(
                path: path, stamp: source, fingerprint: previous.fingerprint, chapterPattern: pattern, paths: paths)
        }
        let book =
            try stamped
            ?? BookOpener.open(
                path: path, encoding: encoding ?? previous?.encoding, chapterPattern: pattern, paths: paths,
                progress: progress)
        var state = store.load(fingerprint: book.fingerprint, warnings: &warnings)
        if state == nil, let previous, previous.fingerprint != book.fingerprint {
            let (moved, lost) = Reanchoring.reanchor(previous, to: book)
            do {
                state = try store.update(fingerprint: book.fingerprint, title: book.title, path: absolute) { current in
                    current = moved
                    current.fingerprint = book.fingerprint
                    current.source = book.text.sourceStamp
                    return current
                }
            } catch {
                state = moved
                warnings.append("\(error)")
            }
            var message = "\(path) changed since it was last read: reading position and bookmarks were found again"
            if !lost.isEmpty { message += "; could not place \(lost.joined(separator: ", ")) (kept as they were)" }
            warnings.append(message)
        }
        if remember, encoding != nil || chapterPattern != nil || reflow != nil || isPrivate != nil || convert != nil {
            do {
                state = try store.update(fingerprint: book.fingerprint, title: book.title, path: absolute) { current in
                    if let encoding { current.encoding = encoding }
                    if let chapterPattern { current.chapterPattern = chapterPattern.isEmpty ? nil : chapterPattern }
                    if let reflow { current.reflow = reflow }
                    if let isPrivate { current.setPrivate(isPrivate) }
                    if let convert { current.setConvert(convert) }
                    current.source = book.text.sourceStamp
                    return current
                }
            } catch {
                warnings.append("\(error)")
            }
        }
        if var checked = state {
            warnings += checked.unanchorBookmarksPastEnd(textLength: book.text.utf8.count, path: path)
            state = checked
        }
        var seen: Set<String> = []
        warnings = warnings.filter { seen.insert($0).inserted }  // a file read twice is reported once
        return ReadingSession(book: book, state: state, stateWarnings: warnings, store: store)
    }

    /// Applies `change` to the book's state under the store's lock and returns the new state. The file's
    /// stamp goes with every save, so that the next open can show its first screen early (`BookPreview`).
    @discardableResult
    public func update<T>(_ change: (inout BookState) throws -> T) throws -> T {
        try store.update(fingerprint: book.fingerprint, title: book.title, path: Self.absolutePath(book.path)) {
            state in
            if let stamp = book.text.sourceStamp { state.source = stamp }
            return try change(&state)
        }
    }

    public static func absolutePath(_ path: String) -> String {
        RawPath.resolved(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
