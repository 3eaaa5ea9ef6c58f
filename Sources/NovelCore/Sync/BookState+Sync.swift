import Foundation

/// A book's local state to and from sync's shapes: the record this device shares, and the merged view
/// of everyone's taken back into the local state. The local place is never moved by sync (another
/// device's newer place is offered, `SyncOffer`); bookmarks and removals are.
extension BookState {
    /// This device's record of the book: its place, every bookmark it holds and every removal it knows.
    public func syncRecord(device: SyncDevice, now: Date) -> SyncRecord {
        let place = position.map {
            SyncedPosition(
                offset: max($0.offset, 0), chapterTitle: $0.chapterTitle,
                percent: $0.percent.isFinite ? min(max($0.percent, 0), 100) : 0, saved: $0.saved, deviceID: device.id,
                deviceName: device.name)
        }
        var shared = bookmarks.map { bookmark in
            SyncedBookmark(
                uid: bookmark.uid,
                place: SyncedBookmark.Place(
                    offset: max(bookmark.offset, 0), chapterIndex: max(bookmark.chapterIndex, 0),
                    chapterTitle: bookmark.chapterTitle, snippet: bookmark.snippet, created: bookmark.created),
                note: bookmark.note, noteEdited: bookmark.noteTime, removed: removedBookmarks[bookmark.uid])
        }
        let live = Set(bookmarks.map(\.uid))
        for (uid, removed) in removedBookmarks.sorted(by: { $0.key < $1.key }) where !live.contains(uid) {
            shared.append(SyncedBookmark(uid: uid, place: nil, note: nil, noteEdited: nil, removed: removed))
        }
        var reading = reading
        reading.seconds = reading.seconds.isFinite ? max(reading.seconds, 0) : 0
        return SyncRecord(
            deviceID: device.id, deviceName: device.name, fingerprint: fingerprint, title: title, position: place,
            bookmarks: shared, reading: reading, written: now)
    }

    /// Takes the merged bookmarks in: one that is live everywhere it is not here is added (with a local id
    /// of its own), one removed elsewhere is removed here, a newer note replaces this one, and every
    /// removal is remembered. Nothing else changes. Returns how many bookmarks were added, changed and
    /// removed.
    @discardableResult
    public mutating func adopt(_ merged: SyncMerge.Merged) -> (added: Int, changed: Int, removed: Int) {
        var added = 0
        var changed = 0
        var removed = 0
        for bookmark in merged.bookmarks {
            if let removal = bookmark.removed {
                removedBookmarks[bookmark.uid] = max(removedBookmarks[bookmark.uid] ?? removal, removal)
            }
            let index = bookmarks.firstIndex { $0.uid == bookmark.uid }
            guard bookmark.isLive, let place = bookmark.place else {
                if let index {
                    unanchored.removeAll { $0 == bookmarks[index].id }
                    bookmarks.remove(at: index)
                    removed += 1
                }
                continue
            }
            let noteEdited = bookmark.noteEdited == place.created ? nil : bookmark.noteEdited
            guard let index else {
                insert(
                    Bookmark(
                        id: "", offset: place.offset, chapterIndex: place.chapterIndex,
                        chapterTitle: place.chapterTitle,
                        snippet: place.snippet, note: bookmark.note, created: place.created, uid: bookmark.uid,
                        noteEdited: noteEdited))
                added += 1
                continue
            }
            var local = bookmarks[index]
            local.offset = place.offset
            local.chapterIndex = place.chapterIndex
            local.chapterTitle = place.chapterTitle
            local.snippet = place.snippet
            local.created = place.created
            if local.note != bookmark.note || local.noteTime != bookmark.noteEdited {
                local.note = bookmark.note
                local.noteEdited = noteEdited
            }
            if local != bookmarks[index] {
                bookmarks[index] = local
                changed += 1
            }
        }
        return (added, changed, removed)
    }
}
