import Foundation

/// `novel sync`: every book of this home's state synced in turn (private books are not shared), and the
/// result recorded in `SyncStatus`. With `legadoBook` (`sync.legado`), each book is also exchanged with
/// legado's progress file, as the reader does: the closure opens the book of a state (nil where its file
/// is gone or holds other text, and that book is synced without legado).
public struct LibrarySync: Sendable {
    public let sync: BookSync
    public let paths: NovelPaths
    public let legadoBook: (@Sendable (BookState) -> LegadoBook?)?

    public init(sync: BookSync, paths: NovelPaths, legadoBook: (@Sendable (BookState) -> LegadoBook?)? = nil) {
        self.sync = sync
        self.paths = paths
        self.legadoBook = legadoBook
    }

    public struct Summary: Sendable, Equatable {
        public var books = 0
        /// Devices seen, id → name (this one among them).
        public var devices: [String: String] = [:]
        /// Books whose place was written for legado (`sync.legado`).
        public var legadoWritten = 0
        /// Bookmarks added, changed and removed here.
        public var added = 0
        public var changed = 0
        public var removed = 0
        /// Records left out and books that could not be synced, one line each.
        public var warnings: [String] = []
    }

    /// Syncs every book; throws the store's error when it fails (the books synced before it stay synced).
    public func syncAll(now: Date = Date()) throws -> Summary {
        var summary = Summary()
        summary.devices[sync.device.id] = sync.device.name
        do {
            // Listed once for every book: a device that appears during the sync is seen by the next.
            let devices = try sync.store.list(SyncRecord.devicesFolder)
            for state in sync.states.all() {
                let outcome: BookSync.Outcome?
                do {
                    let legado = state.isPrivate ? nil : legadoBook?(state)
                    outcome = try sync.sync(fingerprint: state.fingerprint, legado: legado, devices: devices, now: now)
                } catch let error as StateError {
                    // This home's own file cannot be written (a newer novel's): that book waits, the rest go on.
                    summary.warnings.append(error.description)
                    continue
                }
                guard let outcome else { continue }
                summary.books += 1
                summary.devices.merge(outcome.merged.devices) { mine, _ in mine }
                summary.added += outcome.added
                summary.changed += outcome.changed
                summary.removed += outcome.removed
                if outcome.legadoWritten != nil { summary.legadoWritten += 1 }
                summary.warnings += outcome.warnings
            }
        } catch {
            try? SyncStatus.record(
                paths: paths, at: now, devices: summary.devices, books: nil, error: "\(error)")
            throw error
        }
        try SyncStatus.record(paths: paths, at: now, devices: summary.devices, books: summary.books, error: nil)
        return summary
    }
}
