import Foundation
import NovelCore
import Synchronization

/// The sync scenarios every store must pass, written once over a store factory: the folder store runs
/// them in `SyncScenarioTests`, and a WebDAV store runs the very same ones by handing its factory in. A
/// factory returns a handle to one shared store (each call may open a new connection to it). A scenario
/// throws `SyncScenarios.Failure` naming what went wrong.
public enum SyncScenarios {
    public typealias StoreFactory = @Sendable () throws -> any SyncStore

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Failure(message()) }
    }

    /// The fingerprint the scenarios' book is stored under.
    public static let fingerprint = "5a1e9c0d3b7f42a8c6e1d0f9b2a4c8e7"

    /// Two homes reading the same book by turns: each opens it (a sync), is offered the other's newer place
    /// and takes it, reads on and leaves (a sync). After every turn both see the same newest place, which
    /// is the place last read; the home that did not read last is offered it, the other is not.
    public static func alternateReading(store makeStore: StoreFactory, turns: Int = 8) throws {
        let homes = [try SyncHome(name: "laptop"), try SyncHome(name: "desktop")]
        defer { homes.forEach { $0.remove() } }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var lastPlace: (offset: Int, home: Int)?
        for turn in 0..<turns {
            let reader = turn % 2
            let home = homes[reader]
            let store = try makeStore()
            let opened = Date(timeInterval: Double(turn) * 3600, since: start)
            try home.change(fingerprint) { _ in }
            guard let onOpen = try home.sync(store).sync(fingerprint: fingerprint, now: opened) else {
                throw Failure("turn \(turn): no outcome for a book with a state")
            }
            let offer = onOpen.offer
            var offset = 0
            if let lastPlace {
                guard let offer else { throw Failure("turn \(turn): \(home.device.name) is offered no place") }
                try check(
                    offer.position.offset == lastPlace.offset
                        && offer.position.deviceID == homes[lastPlace.home].device.id,
                    "turn \(turn): offered \(offer.position), not the place last read (\(lastPlace.offset))")
                offset = offer.position.offset  // the key that goes there
            } else {
                try check(offer == nil, "turn \(turn): an offer before anyone read: \(String(describing: offer))")
            }
            offset += 20_000 + turn * 7
            let left = Date(timeInterval: 1800, since: opened)
            try home.change(fingerprint) { state in
                state.save(
                    ReadingPosition(
                        offset: offset, chapterIndex: turn, chapterTitle: "第\(turn + 1)回", snippet: "", percent: 1,
                        saved: left))
                state.reading.seconds += 1800
            }
            _ = try home.sync(store).sync(fingerprint: fingerprint, now: left)
            lastPlace = (offset, reader)
            // The other home, syncing now, sees the same newest place.
            let other = homes[1 - reader]
            try other.change(fingerprint) { _ in }
            guard let seen = try other.sync(try makeStore()).sync(fingerprint: fingerprint, now: left) else {
                throw Failure("turn \(turn): no outcome on the other home")
            }
            try check(
                seen.merged.position?.offset == offset && seen.merged.position?.deviceName == home.device.name,
                "turn \(turn): the other home sees \(String(describing: seen.merged.position)), not \(offset)")
            try check(
                seen.offer?.position.offset == offset,
                "turn \(turn): the other home is not offered the newest place")
            try check(
                seen.merged.reading.seconds == Double(turn + 1) * 1800,
                "turn \(turn): reading time summed to \(seen.merged.reading.seconds) s")
        }
        // Both homes' sync now agrees on the newest place, and only the home that did not read last is offered it.
        let store = try makeStore()
        let end = Date(timeInterval: Double(turns) * 3600, since: start)
        let outcomes = try homes.map { home in
            guard let outcome = try home.sync(store).sync(fingerprint: fingerprint, now: end) else {
                throw Failure("the last sync of \(home.device.name) has no outcome")
            }
            return outcome
        }
        try check(outcomes[0].merged == outcomes[1].merged, "the homes do not converge")
        let lastReader = (turns - 1) % 2
        try check(
            outcomes[lastReader].offer == nil,
            "the home that read last is offered a place")
    }

    /// Two homes adding, annotating and removing bookmarks of one book at the same time, each syncing
    /// after every step, in an order and with pauses drawn from `seed`. At the end (after each syncs
    /// twice more) both hold the same bookmarks: every bookmark made and not removed since its last
    /// edit, with its newest note; none lost, none come back.
    public static func concurrentBookmarks(store makeStore: @escaping StoreFactory, rounds: Int = 100, seed: UInt64)
        throws
    {
        let homes = [try SyncHome(name: "laptop"), try SyncHome(name: "desktop")]
        defer { homes.forEach { $0.remove() } }
        for home in homes { try home.change(fingerprint) { _ in } }
        let clock = SharedClock()
        @Sendable func tick() -> Date { clock.tick() }
        let logs = allAtOnce(2) { number -> Result<[Action], Failure> in
            var random = SeededRandom(seed: seed &+ UInt64(number) &* 0x9E37_79B9)
            var actions: [Action] = []
            let home = homes[number]
            do {
                let store = try makeStore()
                for round in 0..<rounds {
                    let state = home.state(fingerprint)
                    let choice = random.next() % 10
                    if choice < 5 || state.bookmarks.isEmpty {
                        let now = tick()
                        let uid = RandomID.random()
                        try home.change(fingerprint) { state in
                            state.insert(
                                Bookmark(
                                    id: "b\(state.nextBookmarkNumber)", offset: Int(random.next() % 100_000),
                                    chapterIndex: 0, chapterTitle: "第一回", snippet: "", note: "made \(round)",
                                    created: now, uid: uid))
                        }
                        actions.append(Action(uid: uid, kind: .made, time: now, note: "made \(round)"))
                    } else {
                        let target = state.bookmarks[Int(random.next() % UInt64(state.bookmarks.count))]
                        let now = tick()
                        if choice < 8 {
                            try home.change(fingerprint) { state in
                                try state.removeBookmark(id: target.id, now: now)
                            }
                            actions.append(Action(uid: target.uid, kind: .removed, time: now, note: nil))
                        } else {
                            let note = "\(home.device.name) \(round)"
                            try home.change(fingerprint) { state in
                                try state.setNote(note, bookmark: target.id, now: now)
                            }
                            actions.append(Action(uid: target.uid, kind: .noted, time: now, note: note))
                        }
                    }
                    if random.next() % 3 == 0 { usleep(UInt32(random.next() % 3000)) }
                    _ = try home.sync(store).sync(fingerprint: fingerprint, now: tick())
                }
                return .success(actions)
            } catch let failure as Failure {
                return .failure(failure)
            } catch {
                return .failure(Failure("\(home.device.name): \(error)"))
            }
        }
        var actions: [Action] = []
        for log in logs { actions += try log.get() }
        let store = try makeStore()
        for home in homes + homes { _ = try home.sync(store).sync(fingerprint: fingerprint, now: tick()) }
        let expected = expectedBookmarks(actions)
        for home in homes {
            let state = home.state(fingerprint)
            let held = Dictionary(state.bookmarks.map { ($0.uid, $0.note) }, uniquingKeysWith: { first, _ in first })
            try check(
                state.bookmarks.count == held.count, "\(home.device.name) holds a bookmark twice")
            let lost = expected.keys.filter { held[$0] == nil }
            let back = held.keys.filter { expected[$0] == nil }
            try check(lost.isEmpty, "\(home.device.name) lost \(lost.count) bookmarks of \(expected.count)")
            try check(back.isEmpty, "\(home.device.name) holds \(back.count) removed bookmarks")
            for (uid, note) in expected where held[uid] != note {
                throw Failure(
                    "\(home.device.name): bookmark \(uid) has note \(String(describing: held[uid])), not \(note ?? "none")"
                )
            }
            let ids = Set(state.bookmarks.map(\.id))
            try check(ids.count == state.bookmarks.count, "\(home.device.name): two bookmarks share a local id")
        }
    }

    /// A store that fails in each way a store can (every `SyncError`, and a write cut half-way) leaves
    /// the local state as it was, and its message says what happened; the next sync through a store that
    /// works brings everything across.
    public static func failingStores(store makeStore: StoreFactory) throws {
        let homes = [try SyncHome(name: "laptop"), try SyncHome(name: "desktop")]
        defer { homes.forEach { $0.remove() } }
        let (home, other) = (homes[0], homes[1])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try home.change(fingerprint) { state in
            state.save(
                ReadingPosition(
                    offset: 50_000, chapterIndex: 3, chapterTitle: "第四回", snippet: "", percent: 10, saved: now))
            state.insert(
                Bookmark(
                    id: "b1", offset: 100, chapterIndex: 0, chapterTitle: "第一回", snippet: "", note: "keep me",
                    created: now))
            state.insert(
                Bookmark(
                    id: "b2", offset: 200, chapterIndex: 0, chapterTitle: "第一回", snippet: "", note: nil, created: now))
            try state.removeBookmark(id: "b2", now: now.addingTimeInterval(1))
        }
        try other.change(fingerprint) { _ in }
        _ = try other.sync(try makeStore()).sync(fingerprint: fingerprint, now: now)
        let before = home.state(fingerprint)
        let errors: [SyncError] = [
            .unreachable(store: "dav.example.com", reason: "connection refused"),
            .timedOut(store: "dav.example.com", seconds: 20), .unauthorized(store: "dav.example.com"),
            .server(store: "dav.example.com", status: 500), .redirected(store: "dav.example.com", status: 302),
            .tooLarge(store: "dav.example.com", path: "devices", limit: 1000),
            .malformed(store: "dav.example.com", path: "devices", reason: "not XML"),
            .misconfigured(reason: "no password"), .insecure(store: "dav.example.com", reason: "expired certificate"),
            .io(path: "/sync", reason: "permission denied"),
        ]
        var failures: [FailingSyncStore.Failure] = errors.flatMap { [.list($0), .write($0)] }
        // A store that cannot be read at all fails the sync too (one device's file too large or unreadable
        // only leaves that device out).
        failures += errors.prefix(5).map { .read($0) }
        failures.append(.cutWrite)
        for failure in failures {
            let store = FailingSyncStore(try makeStore(), failing: failure)
            do {
                _ = try home.sync(store).sync(fingerprint: fingerprint, now: now.addingTimeInterval(60))
                throw Failure("a sync through a store failing with \(failure) went through")
            } catch let error as SyncError {
                let expected: SyncError
                switch failure {
                case .list(let error), .read(let error), .write(let error): expected = error
                case .cutWrite: expected = FailingSyncStore.cutError
                }
                try check(error == expected, "\(failure) ended with \(error)")
                try check(
                    !error.description.isEmpty && !error.description.contains("\n"),
                    "the message of \(error) is not one line")
            }
            let after = home.state(fingerprint)
            try check(
                after.position == before.position && after.bookmarks == before.bookmarks
                    && after.removedBookmarks == before.removedBookmarks && after.bookmarks.map(\.note) == ["keep me"],
                "the local state changed after \(failure): \(after.bookmarks)")
        }
        // The other home reads the half-written record: it is left out with a message, nothing else fails.
        let cut = try other.sync(try makeStore()).sync(fingerprint: fingerprint, now: now.addingTimeInterval(120))
        try check(
            cut?.warnings.count == 1 && cut?.warnings.first?.contains(home.device.id) == true,
            "a half-written record gave \(String(describing: cut?.warnings))")
        // A store that works again brings everything across.
        _ = try home.sync(try makeStore()).sync(fingerprint: fingerprint, now: now.addingTimeInterval(180))
        let healed = try other.sync(try makeStore()).sync(fingerprint: fingerprint, now: now.addingTimeInterval(240))
        try check(healed?.warnings.isEmpty == true, "warnings after the store healed: \(healed?.warnings ?? [])")
        let state = other.state(fingerprint)
        try check(
            state.bookmarks.map(\.note) == ["keep me"] && healed?.merged.position?.offset == 50_000,
            "the other home did not get the place and bookmark: \(state.bookmarks)")
    }

    /// What one home did to one bookmark, at a time of the shared clock.
    public struct Action: Sendable {
        public enum Kind: Sendable { case made, noted, removed }
        public let uid: String
        public let kind: Kind
        public let time: Date
        public let note: String?

        public init(uid: String, kind: Kind, time: Date, note: String?) {
            self.uid = uid
            self.kind = kind
            self.time = time
            self.note = note
        }
    }

    /// The bookmarks that must be left, uid → note, by the rules of docs/sync.md applied to what was done:
    /// a bookmark is left when no removal is at or after its newest edit, with the note of its newest edit.
    public static func expectedBookmarks(_ actions: [Action]) -> [String: String?] {
        var expected: [String: String?] = [:]
        for (uid, done) in Dictionary(grouping: actions, by: \.uid) {
            let edits = done.filter { $0.kind != .removed }.sorted { $0.time < $1.time }
            guard let last = edits.last else { continue }
            let removed = done.filter { $0.kind == .removed }.map(\.time).max()
            if removed.map({ $0 >= last.time }) ?? false { continue }
            expected[uid] = last.note
        }
        return expected
    }
}

/// Whole seconds handed out in turn to the threads of a scenario, so that no two actions share a time.
final class SharedClock: Sendable {
    private let seconds = Atomic<Int>(0)

    func tick() -> Date {
        Date(timeIntervalSince1970: 1_800_000_000 + Double(seconds.add(1, ordering: .sequentiallyConsistent).newValue))
    }
}

/// A small seeded generator (SplitMix64): the same seed, the same run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE5_E109
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
