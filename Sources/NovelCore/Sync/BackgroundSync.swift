import Foundation
import Synchronization

/// A book's sync run beside the reader, on a thread of its own, so that it never holds up the first screen
/// or a key: the reader starts one (on opening a book, every few minutes, on leaving it) and takes the
/// result when it has come. One runs at a time. Each sync, done or failed, is recorded in `SyncStatus`.
public final class BackgroundSync: Sendable {
    /// A sync that has finished: its outcome, or the one line that says why it failed.
    public struct Finished: Sendable {
        public let fingerprint: String
        /// Started as the book opened: another device's newer place is then offered.
        public let opening: Bool
        /// nil when nothing was synced (no state yet, a private book) or it failed.
        public let outcome: BookSync.Outcome?
        public let failure: String?
    }

    private struct Progress {
        var running = false
        var finished: Finished?
    }

    private let makeSync: @Sendable () throws -> BookSync
    private let paths: NovelPaths
    private let progress = Mutex(Progress())

    /// `makeSync` makes the sync on the thread, when it first runs (it reads the device's id from the state
    /// folder, which the first screen must not wait for).
    public init(paths: NovelPaths, makeSync: @escaping @Sendable () throws -> BookSync) {
        self.paths = paths
        self.makeSync = makeSync
    }

    /// Whether a sync is running.
    public var isRunning: Bool { progress.withLock { $0.running } }

    /// Starts syncing the book `fingerprint` (and its place with legado's, given `legado`); false (and
    /// nothing started) while another sync runs.
    @discardableResult
    public func start(fingerprint: String, opening: Bool, legado: LegadoBook? = nil) -> Bool {
        let started = progress.withLock { progress -> Bool in
            guard !progress.running else { return false }
            progress.running = true
            return true
        }
        guard started else { return false }
        Thread { [self] in
            // Started as the first screen is drawn: the screen is painted before the sync takes a core.
            BackgroundPriority.lowerThisThread()
            let finished = run(fingerprint: fingerprint, opening: opening, legado: legado)
            progress.withLock { progress in
                progress.running = false
                progress.finished = finished
            }
        }.start()
        return true
    }

    /// The last sync's result once it has finished, given out once.
    public func take() -> Finished? {
        progress.withLock { progress in
            defer { progress.finished = nil }
            return progress.finished
        }
    }

    /// Waits up to `seconds` for a running sync to finish; whether none runs now.
    @discardableResult
    public func wait(seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= end { return false }
            usleep(5000)
        }
        return true
    }

    private func run(fingerprint: String, opening: Bool, legado: LegadoBook?) -> Finished {
        let now = Date()
        do {
            let sync = try makeSync()
            let outcome = try sync.sync(fingerprint: fingerprint, legado: legado, now: now)
            if let outcome {
                try? SyncStatus.record(
                    paths: paths, at: now, devices: outcome.merged.devices, books: nil, error: nil)
            }
            return Finished(fingerprint: fingerprint, opening: opening, outcome: outcome, failure: nil)
        } catch {
            let message = "\(error)"
            try? SyncStatus.record(paths: paths, at: now, devices: [:], books: nil, error: message)
            return Finished(fingerprint: fingerprint, opening: opening, outcome: nil, failure: message)
        }
    }
}
