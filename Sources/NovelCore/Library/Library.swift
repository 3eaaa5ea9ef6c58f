import Foundation

/// A folder of books as `novel library DIR` lists it: every `.txt` and `.epub` file in it (not in subfolders), by
/// name, with its title, encoding, chapters and the reader's progress. What opening a book learns is
/// cached by its file's identity (`LibraryCache`), so only new or changed files are opened again.
public enum Library {
    /// One listed book: what its file says and how far it was read.
    public struct Book: Sendable, Equatable {
        public var entry: LibraryEntry
        /// Percent through the book at the saved position; nil when not started.
        public var percent: Double?
        public var lastRead: Date?
    }

    /// The books of `folder`, and one line for each file that could not be opened (the rest are listed).
    /// `progress` hears how far the opening of new and changed books has got, in bytes of their files.
    public static func list(
        folder: String, paths: NovelPaths, progress: LoadStep = .none
    ) throws(LibraryError) -> (books: [Book], problems: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadableFolder(folder)
        }
        let cache = LibraryCache(paths: paths)
        var cached = cache.load()
        var learned: [LibraryEntry] = []
        var problems: [String] = []
        // In name order; the files not in the cache (or changed) are opened after the rest are known,
        // so that the progress can weigh each by its size.
        var slots: [LibraryEntry?] = []
        var toOpen: [(slot: Int, path: String, identity: FileIdentity)] = []
        for name in names.sorted() where Self.isBookName(name) {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            guard let identity = BookFile.identity(path) else { continue }  // a folder named *.txt, a dangling link
            if let entry = cached[path], entry.file == identity {
                slots.append(entry)
            } else {
                toOpen.append((slots.count, path, identity))
                slots.append(nil)
            }
        }
        let steps = progress.parts(toOpen.map { Double(max($0.identity.bytes, 1)) })
        for ((slot, path, identity), step) in zip(toOpen, steps) {
            defer { step.finish() }
            do {
                let book = try BookOpener.open(path: path, paths: paths, progress: step)
                let entry = LibraryEntry(
                    path: path, file: identity, title: book.title,
                    encoding: book.text.encoding,
                    chapters: book.index.entries.count, fingerprint: book.fingerprint)
                slots[slot] = entry
                learned.append(entry)
                cached[path] = entry
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        if !learned.isEmpty { cache.store(learned) }
        let store = BookStateStore(paths: paths)
        let books = slots.compactMap { $0 }.map { entry in
            let state = store.load(fingerprint: entry.fingerprint)
            return Book(entry: entry, percent: state?.position?.percent, lastRead: state?.lastRead)
        }
        return (books, problems)
    }
}

extension Library {
    /// The file names a library lists: plain-text and EPUB books, not hidden files.
    static func isBookName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return !name.hasPrefix(".") && (lowered.hasSuffix(".txt") || lowered.hasSuffix(".epub"))
    }
}

/// Why a folder could not be listed.
public enum LibraryError: NovelError, Equatable {
    case unreadableFolder(String)

    public var isBadInput: Bool { true }

    public var description: String {
        switch self {
        case .unreadableFolder(let folder): "cannot read the folder \(folder)"
        }
    }
}
