import Foundation

/// A folder of books as `novel library DIR` lists it: every `.txt` file in it (not in subfolders), by
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
    public static func list(folder: String, paths: NovelPaths) throws(LibraryError) -> (books: [Book], problems: [String]) {
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
        var entries: [LibraryEntry] = []
        for name in names.sorted() where name.lowercased().hasSuffix(".txt") && !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            guard let identity = BookFile.identity(path) else { continue }  // a folder named *.txt, a dangling link
            if let entry = cached[path], entry.file == identity {
                entries.append(entry)
                continue
            }
            do {
                let book = try BookOpener.open(path: path, paths: paths)
                let entry = LibraryEntry(
                    path: path, file: identity, title: BookTitle.of(book.text, path: path), encoding: book.text.encoding,
                    chapters: book.index.entries.count, fingerprint: book.fingerprint)
                entries.append(entry)
                learned.append(entry)
                cached[path] = entry
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        if !learned.isEmpty { cache.store(learned) }
        let store = BookStateStore(paths: paths)
        let books = entries.map { entry in
            let state = store.load(fingerprint: entry.fingerprint)
            return Book(entry: entry, percent: state?.position?.percent, lastRead: state?.lastRead)
        }
        return (books, problems)
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
