import Foundation
import NovelCore

/// The library listing's cache (`library.json` in the cache folder): the input is the file, `@HOME@`
/// standing for the fuzz home (its entries name books by absolute path). The folder of two books is
/// listed with it and the reader's shelf made from it: every book of the folder is listed, whatever the
/// cache says, and afterwards the cache holds each with its file's identity.
enum LibraryCacheFuzzTarget {
    static let target = FuzzTarget(
        name: "library-cache",
        summary: "the library listing's cache (LibraryCache) read by novel library and the shelf",
        dictionaries: ["json.dict", "library.dict"],
        run: { bytes in
            let home = FuzzHome.shared
            home.clear(home.paths.cacheDirectory)
            home.clear(home.paths.stateDirectory)
            let cache = LibraryCache(paths: home.paths)
            home.write(home.expandingRoot(bytes), to: cache.path)
            _ = cache.load()
            let books = bookPaths()
            guard let listing = try? Library.list(folder: home.libraryFolder, paths: home.paths) else {
                return FuzzCheck.require(false, "library-cache: the folder could not be listed")
            }
            FuzzCheck.require(
                listing.books.map(\.entry.path) == books && listing.problems.isEmpty,
                "library-cache: listed \(listing.books.map(\.entry.path)), \(listing.problems), not the folder's \(books)"
            )
            // A listed entry's identity is the file's (a cached one is used only when it is), and the cache
            // holds each listed book as listed.
            let stored = cache.load()
            for book in listing.books {
                FuzzCheck.require(
                    stored[book.entry.path] == book.entry,
                    "library-cache: \(book.entry.path) is not cached as listed after the listing")
            }
            let shelf = Shelf.books(folder: home.libraryFolder, paths: home.paths)
            FuzzCheck.require(
                Set(shelf.books.map(\.path)) == Set(books), "library-cache: the shelf holds \(shelf.books.map(\.path))")
        },
        seeds: { _ in
            // The cache as the listing writes it, and as it is after one of the books changed size.
            let home = FuzzHome.shared
            home.clear(home.paths.cacheDirectory)
            let cache = LibraryCache(paths: home.paths)
            guard (try? Library.list(folder: home.libraryFolder, paths: home.paths)) != nil,
                let written = home.read(cache.path)
            else { return [] }
            let stale = String(decoding: written, as: UTF8.self).replacingOccurrences(
                of: #""bytes":"#, with: #""bytes":1"#)
            return [home.placingRoot(written), home.placingRoot(Array(stale.utf8))]
        })

    /// The folder's books, as the listing orders them.
    static func bookPaths() -> [String] {
        let folder = FuzzHome.shared.libraryFolder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted().map { folder + "/" + $0 }
    }
}
