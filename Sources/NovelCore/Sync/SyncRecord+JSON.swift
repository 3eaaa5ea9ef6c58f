import Foundation

/// A record's file: strict JSON (`JSONText.parse`), every field checked for its type and range, since it
/// comes from a store other machines write to; keys this version does not know are kept when the device
/// rewrites its own record.
extension SyncRecord {
    /// Why a record could not be read, in words for `SyncError.malformed`.
    public struct Problem: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The record in `bytes`, which must be the record of `deviceID` for `fingerprint`: a device speaks
    /// only for itself, and only of the book its file is named after.
    public static func read(_ bytes: [UInt8], deviceID: String, fingerprint: String) throws(Problem)
        -> (record: SyncRecord, object: [String: Any])
    {
        guard let object = JSONText.parse(bytes) as? [String: Any] else {
            throw Problem(reason: "not a JSON object")
        }
        guard let version = StateValue.int(object["version"]), version >= 1 else {
            throw Problem(reason: "version is not a whole number from 1")
        }
        guard object["device"] as? String == deviceID else { throw Problem(reason: "it names another device") }
        guard object["fingerprint"] as? String == fingerprint else { throw Problem(reason: "it names another book") }
        let deviceName = try text(object, "deviceName")
        let title = try text(object, "title")
        let written = try date(object, "written")
        var position: SyncedPosition?
        if let value = object["position"], !(value is NSNull) {
            guard let place = value as? [String: Any] else { throw Problem(reason: "position is not an object") }
            position = SyncedPosition(
                offset: try count(place, "offset", in: "position"),
                chapterTitle: try text(place, "chapterTitle", in: "position"),
                percent: try percent(place, "percent", in: "position"),
                saved: try date(place, "saved", in: "position"), deviceID: deviceID, deviceName: deviceName)
        }
        guard let list = object["bookmarks"] as? [Any] else { throw Problem(reason: "bookmarks is not a list") }
        var bookmarks: [SyncedBookmark] = []
        bookmarks.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            bookmarks.append(try bookmark(item, at: "bookmarks[\(index)]"))
        }
        guard let reading = object["reading"] as? [String: Any] else {
            throw Problem(reason: "reading is not an object")
        }
        let time = ReadingTime(
            characters: try count(reading, "characters", in: "reading"),
            seconds: try seconds(reading, "seconds", in: "reading"),
            sessions: try count(reading, "sessions", in: "reading"))
        let record = SyncRecord(
            deviceID: deviceID, deviceName: deviceName, fingerprint: fingerprint, title: title, position: position,
            bookmarks: bookmarks, reading: time, written: written)
        return (record, object)
    }

    /// The record as its file's object, over `old` (the file as it was), whose keys this version does not
    /// know are kept, in a bookmark too (found by its uid).
    public func object(keeping old: [String: Any] = [:]) -> [String: Any] {
        var object = old
        object["version"] = Self.formatVersion
        object["device"] = deviceID
        object["deviceName"] = deviceName
        object["fingerprint"] = fingerprint
        object["title"] = title
        object["written"] = StateJSON.string(from: written)
        object["position"] =
            position.map { place -> Any in
                var placeObject = old["position"] as? [String: Any] ?? [:]
                placeObject["offset"] = place.offset
                placeObject["chapterTitle"] = place.chapterTitle
                placeObject["percent"] = place.percent
                placeObject["saved"] = StateJSON.string(from: place.saved)
                return placeObject
            } ?? NSNull()
        var oldBookmarks: [String: [String: Any]] = [:]
        for item in old["bookmarks"] as? [Any] ?? [] {
            if let item = item as? [String: Any], let uid = item["uid"] as? String { oldBookmarks[uid] = item }
        }
        object["bookmarks"] = bookmarks.map { Self.object($0, keeping: oldBookmarks[$0.uid] ?? [:]) }
        var readingObject = old["reading"] as? [String: Any] ?? [:]
        readingObject["characters"] = reading.characters
        readingObject["seconds"] = reading.seconds
        readingObject["sessions"] = reading.sessions
        object["reading"] = readingObject
        return object
    }

    /// The file's bytes (`JSONText`'s pretty form), or nil where a value cannot be JSON (a number that is
    /// not finite, which no record read or made holds).
    public func bytes(keeping old: [String: Any] = [:]) -> [UInt8]? {
        JSONText.pretty(object(keeping: old))
    }

    private static let placeKeys = ["offset", "chapterIndex", "chapterTitle", "snippet", "created"]

    private static func object(_ bookmark: SyncedBookmark, keeping old: [String: Any]) -> [String: Any] {
        var object = old
        for key in placeKeys + ["note", "noteEdited", "removed"] { object[key] = nil }
        object["uid"] = bookmark.uid
        if let place = bookmark.place {
            object["offset"] = place.offset
            object["chapterIndex"] = place.chapterIndex
            object["chapterTitle"] = place.chapterTitle
            object["snippet"] = place.snippet
            object["created"] = StateJSON.string(from: place.created)
        }
        if let note = bookmark.note { object["note"] = note }
        if let edited = bookmark.noteEdited { object["noteEdited"] = StateJSON.string(from: edited) }
        if let removed = bookmark.removed { object["removed"] = StateJSON.string(from: removed) }
        return object
    }

    /// A bookmark: a uid; its place whole or not at all; a note only with the time it was set; and a
    /// bookmark without a place is a removal (a tombstone).
    private static func bookmark(_ item: Any, at name: String) throws(Problem) -> SyncedBookmark {
        guard let object = item as? [String: Any] else { throw Problem(reason: "\(name) is not an object") }
        guard let uid = object["uid"] as? String, RandomID.isValid(uid) else {
            throw Problem(reason: "\(name).uid is not an id")
        }
        let removed = try optionalDate(object, "removed", in: name)
        guard placeKeys.contains(where: { object[$0] != nil }) else {
            guard object["note"] == nil, object["noteEdited"] == nil, removed != nil else {
                throw Problem(reason: "\(name) has neither a place nor a removal")
            }
            return SyncedBookmark(uid: uid, place: nil, note: nil, noteEdited: nil, removed: removed)
        }
        let place = SyncedBookmark.Place(
            offset: try count(object, "offset", in: name), chapterIndex: try count(object, "chapterIndex", in: name),
            chapterTitle: try text(object, "chapterTitle", in: name), snippet: try text(object, "snippet", in: name),
            created: try date(object, "created", in: name))
        let note: String?
        switch object["note"] {
        case .none, is NSNull: note = nil
        case let text as String: note = text
        default: throw Problem(reason: "\(name).note is not text")
        }
        let noteEdited = try date(object, "noteEdited", in: name)
        return SyncedBookmark(uid: uid, place: place, note: note, noteEdited: noteEdited, removed: removed)
    }

    private static func field(_ key: String, in parent: String?) -> String {
        parent.map { "\($0).\(key)" } ?? key
    }

    private static func text(_ object: [String: Any], _ key: String, in parent: String? = nil) throws(Problem)
        -> String
    {
        guard let value = object[key] as? String else { throw Problem(reason: "\(field(key, in: parent)) is not text") }
        return value
    }

    private static func date(_ object: [String: Any], _ key: String, in parent: String? = nil) throws(Problem) -> Date {
        guard let value = StateValue.date(object[key]) else {
            throw Problem(reason: "\(field(key, in: parent)) is not a date")
        }
        return value
    }

    private static func optionalDate(_ object: [String: Any], _ key: String, in parent: String) throws(Problem)
        -> Date?
    {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return try date(object, key, in: parent)
    }

    private static func count(_ object: [String: Any], _ key: String, in parent: String) throws(Problem) -> Int {
        guard let value = StateValue.int(object[key]), value >= 0 else {
            throw Problem(reason: "\(field(key, in: parent)) is not a whole number from 0")
        }
        return value
    }

    private static func percent(_ object: [String: Any], _ key: String, in parent: String) throws(Problem) -> Double {
        guard let value = StateValue.double(object[key]), (0...100).contains(value) else {
            throw Problem(reason: "\(field(key, in: parent)) is not a number from 0 to 100")
        }
        return value
    }

    private static func seconds(_ object: [String: Any], _ key: String, in parent: String) throws(Problem) -> Double {
        guard let value = StateValue.double(object[key]), value.isFinite, value >= 0 else {
            throw Problem(reason: "\(field(key, in: parent)) is not a number from 0")
        }
        return value
    }
}
