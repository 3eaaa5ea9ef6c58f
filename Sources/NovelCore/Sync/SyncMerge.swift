import Foundation

/// Everyone's records of one book merged into one view: a pure function of the records, whatever their
/// order and however often one is repeated, so that every device that read the same files sees the same
/// thing (docs/sync.md, *How conflicts resolve*).
///
/// - the newest position wins (`SyncedPosition.isNewer`);
/// - bookmarks are the union by uid; of each field the newest edit wins, and a removal wins over every
///   edit made before it (`SyncedBookmark.isLive`);
/// - reading time is the sum of each device's own.
public enum SyncMerge {
    public struct Merged: Sendable, Equatable {
        public var position: SyncedPosition?
        /// Every bookmark known, live or removed, in uid order.
        public var bookmarks: [SyncedBookmark]
        /// The reading of every device, summed.
        public var reading: ReadingTime
        /// The devices seen, id → name.
        public var devices: [String: String]

        public var liveBookmarks: [SyncedBookmark] { bookmarks.filter(\.isLive) }
    }

    public static func merge(_ records: [SyncRecord]) -> Merged {
        var position: SyncedPosition?
        var bookmarks: [String: SyncedBookmark] = [:]
        var newestRecord: [String: SyncRecord] = [:]
        for record in records {
            if let candidate = record.position, position.map({ candidate.isNewer(than: $0) }) ?? true {
                position = candidate
            }
            for bookmark in record.bookmarks {
                bookmarks[bookmark.uid] = bookmarks[bookmark.uid].map { merge($0, bookmark) } ?? bookmark
            }
            if newestRecord[record.deviceID].map({ isNewer(record, than: $0) }) ?? true {
                newestRecord[record.deviceID] = record
            }
        }
        // Summed in device order: a sum of doubles depends on the order it is made in.
        let reading = newestRecord.sorted { $0.key < $1.key }.reduce(ReadingTime()) { $0 + $1.value.reading }
        return Merged(
            position: position, bookmarks: bookmarks.sorted { $0.key < $1.key }.map(\.value), reading: reading,
            devices: newestRecord.mapValues(\.deviceName))
    }

    /// Two versions of one bookmark (the same uid) merged field by field.
    public static func merge(_ left: SyncedBookmark, _ right: SyncedBookmark) -> SyncedBookmark {
        var merged = left
        merged.place = newer(left.place, right.place)
        let leftNote = left.noteEdited.map { (note: left.note, edited: $0) }
        let rightNote = right.noteEdited.map { (note: right.note, edited: $0) }
        switch (leftNote, rightNote) {
        case (let left?, let right?):
            let winner = isNewer(right, than: left) ? right : left
            (merged.note, merged.noteEdited) = (winner.note, winner.edited)
        case (nil, let right?):
            (merged.note, merged.noteEdited) = (right.note, right.edited)
        case (_, nil):
            break
        }
        merged.removed = [left.removed, right.removed].compactMap { $0 }.max()
        return merged
    }

    private static func newer(_ left: SyncedBookmark.Place?, _ right: SyncedBookmark.Place?) -> SyncedBookmark.Place? {
        guard let left else { return right }
        guard let right else { return left }
        if left.created != right.created { return left.created > right.created ? left : right }
        // The same time: one fixed order of the rest, so that every device keeps the same one.
        let leftKey = (left.offset, left.chapterIndex, left.chapterTitle, left.snippet)
        let rightKey = (right.offset, right.chapterIndex, right.chapterTitle, right.snippet)
        return leftKey >= rightKey ? left : right
    }

    private static func isNewer(_ left: (note: String?, edited: Date), than right: (note: String?, edited: Date))
        -> Bool
    {
        if left.edited != right.edited { return left.edited > right.edited }
        return (left.note ?? "", left.note != nil ? 1 : 0) > (right.note ?? "", right.note != nil ? 1 : 0)
    }

    /// Of two records of one device (only a broken or hand-made store holds two), the one kept: the later
    /// written, then one fixed order.
    private static func isNewer(_ left: SyncRecord, than right: SyncRecord) -> Bool {
        if left.written != right.written { return left.written > right.written }
        let leftKey = (left.reading.seconds, left.reading.characters, left.reading.sessions, left.deviceName)
        let rightKey = (right.reading.seconds, right.reading.characters, right.reading.sessions, right.deviceName)
        return leftKey > rightKey
    }
}
