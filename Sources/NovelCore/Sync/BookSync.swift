import Foundation

/// Syncs books of this home with a store: reads every device's record of a book, merges them with the
/// local state (`SyncMerge`, `BookState.adopt`) under the state file's lock, and writes this device's own
/// record. Each device writes only its own file, so no update is ever lost; the local state is changed
/// only by adding what the merge brings, and a store that fails leaves it as it was.
public struct BookSync: Sendable {
    public let store: any SyncStore
    public let device: SyncDevice
    public let states: BookStateStore
    /// The store as messages name it: a folder, or a URL without user or password.
    public let storeName: String

    public init(store: any SyncStore, storeName: String, device: SyncDevice, states: BookStateStore) {
        self.store = store
        self.storeName = storeName
        self.device = device
        self.states = states
    }

    /// What one book's sync found.
    public struct Outcome: Sendable, Equatable {
        public var merged: SyncMerge.Merged
        /// This home's place after the sync (sync never moves it).
        public var localPosition: ReadingPosition?
        /// Bookmarks added, changed and removed here.
        public var added = 0
        public var changed = 0
        public var removed = 0
        /// Other devices' records that could not be read and were left out (one line each).
        public var warnings: [String] = []
        /// The book's local state as stored after the sync, for a reader to adopt.
        public var state: BookState?
        /// Another device's newer place, elsewhere in the book, to offer (nil: none); legado's among them.
        public var offer: SyncOffer?
        /// legado's place as read before this sync (nil: not asked, no file, or its chapter not found).
        public var legado: SyncedPosition?
        /// The place written into legado's progress file (nil: none written).
        public var legadoWritten: SyncedPosition?
    }

    /// Syncs the book whose state is stored under `fingerprint`; nil when the book is private (`novel
    /// read --private`: nothing of it leaves this home). A book this home has no state for yet (a first
    /// opening) is only read: the others' place is offered, and nothing is written.
    /// With `legado` (`sync.legado`), legado's progress file for the book is read too, its place offered
    /// like another device's, and the newest place of novel's devices written back into it where it is
    /// newer (`LegadoExchange`); a legado file that cannot be read is a warning, never a failed sync.
    /// `devices` is the store's devices folder as the caller has just listed it (`novel sync` lists it once
    /// for all its books); nil lists it here. This device's record is written only when it holds something
    /// new, so a sync that changes nothing only reads.
    /// Throws when the store cannot be listed or written; nothing local changes then (the local merge
    /// runs only after every record is read, and this device's record is written after it).
    public func sync(
        fingerprint: String, legado: LegadoBook? = nil, devices: [String]? = nil, now: Date = Date()
    ) throws -> Outcome? {
        guard SyncPath.isValid(path(fingerprint)) else {
            throw SyncError.misconfigured(reason: "'\(fingerprint)' is not a book's fingerprint")
        }
        let stored = states.load(fingerprint: fingerprint)
        if stored?.isPrivate == true { return nil }
        let (others, ownObject, recordWarnings) = try records(fingerprint: fingerprint, devices: devices)
        var warnings = recordWarnings
        let phone = legado.map { readLegado($0, warnings: &warnings) }
        // legado's place wins only when strictly newer: one written from novel's comes back as old as it
        // (legado keeps milliseconds), and must not be offered as legado's.
        func newest(_ position: SyncedPosition?) -> SyncedPosition? {
            guard let position, let fromPhone = phone?.position else { return position ?? phone?.position }
            return fromPhone.saved > position.saved ? fromPhone : position
        }
        guard let stored else {
            let everyone = SyncMerge.merge(others)
            return Outcome(
                merged: everyone, localPosition: nil, warnings: warnings, state: nil,
                offer: SyncOffer(newest: newest(everyone.position), local: nil, thisDevice: device.id),
                legado: phone?.position)
        }
        var outcome: Outcome?
        let record = try states.update(fingerprint: fingerprint, title: stored.title, path: stored.lastPath) {
            state -> SyncRecord in
            let merged = SyncMerge.merge([state.syncRecord(device: device, now: now)] + others)
            let counts = state.adopt(merged)
            let own = state.syncRecord(device: device, now: now)
            // The merge of what is now here and what the others hold: what every device will see.
            let everyone = SyncMerge.merge([own] + others.filter { $0.deviceID != device.id })
            outcome = Outcome(
                merged: everyone, localPosition: state.position, added: counts.added, changed: counts.changed,
                removed: counts.removed, state: state,
                offer: SyncOffer(newest: newest(everyone.position), local: state.position, thisDevice: device.id),
                legado: phone?.position)
            return own
        }
        guard let bytes = record.bytes(keeping: ownObject) else {
            throw SyncError.malformed(store: storeName, path: path(fingerprint), reason: "a value JSON cannot hold")
        }
        // The record in the store already says all this (but when it was written): it stays as it is.
        var shared = others.first { $0.deviceID == device.id }
        shared?.written = record.written
        if shared != record { try store.write(Data(bytes), to: path(fingerprint)) }
        if let legado, let phone, !phone.unreadable, let ours = outcome?.merged.position,
            let progress = LegadoExchange.progress(for: ours, in: legado, over: phone.progress)
        {
            do {
                try progress.write(to: store)
                outcome?.legadoWritten = ours
            } catch {
                warnings.append(error.description)
            }
        }
        outcome?.warnings = warnings
        return outcome
    }

    /// legado's progress for the book; a file that cannot be read (too large, not legado's JSON, the store
    /// failing) is a warning and marked unreadable, so that it is not written over.
    func readLegado(_ book: LegadoBook, warnings: inout [String]) -> (
        progress: LegadoProgress?, position: SyncedPosition?, unreadable: Bool
    ) {
        do {
            let (progress, position) = try LegadoExchange.read(book, from: store, storeName: storeName)
            return (progress, position, false)
        } catch {
            warnings.append(error.description)
            return (nil, nil, true)
        }
    }

    /// Every device's record of the book that can be read (this device's own among them, which holds what
    /// this home shared before and is merged too), this device's file as an object (its unknown keys are
    /// kept), and a line for each record left out.
    func records(fingerprint: String, devices: [String]? = nil) throws(SyncError) -> (
        records: [SyncRecord], ownObject: [String: Any], warnings: [String]
    ) {
        var records: [SyncRecord] = []
        var ownObject: [String: Any] = [:]
        var warnings: [String] = []
        var listed = devices ?? []
        if devices == nil { listed = try store.list(SyncRecord.devicesFolder) }
        for deviceID in listed where RandomID.isValid(deviceID) {
            let path = SyncRecord.path(deviceID: deviceID, fingerprint: fingerprint)
            do {
                guard let data = try store.read(path, limit: SyncRecord.largest) else { continue }
                let (record, object) = try SyncRecord.read(Array(data), deviceID: deviceID, fingerprint: fingerprint)
                records.append(record)
                if deviceID == device.id { ownObject = object }
            } catch let problem as SyncRecord.Problem {
                warnings.append(SyncError.malformed(store: storeName, path: path, reason: problem.reason).description)
            } catch let error as SyncError {
                // One device's file too large (or gone half-way) leaves that device out; a store that cannot
                // be reached at all fails the sync.
                switch error {
                case .tooLarge, .malformed, .io: warnings.append(error.description)
                default: throw error
                }
            } catch {
                warnings.append("sync: \(path): \(error)")
            }
        }
        return (records, ownObject, warnings)
    }

    func path(_ fingerprint: String) -> String {
        SyncRecord.path(deviceID: device.id, fingerprint: fingerprint)
    }
}
