import Foundation

/// A value kept in a state file as a JSON object and converted by hand, field by field. A round trip
/// through `JSONEncoder`/`JSONDecoder` (object → Data → value and back) costs more than the rest of a
/// state write, and `novel line --next` writes the position every time a status line moves.
protocol StateObject {
    /// The value from a state file's object, or nil when a field is missing or of the wrong type.
    init?(stateObject: Any)
    var stateObject: [String: Any] { get }
}

extension StateValue {
    /// A date as state files write it (`StateJSON`).
    static func date(_ value: Any?) -> Date? {
        (value as? String).flatMap(StateJSON.date(from:))
    }
}

extension ReadingPosition: StateObject {
    init?(stateObject: Any) {
        guard let object = stateObject as? [String: Any], let offset = StateValue.int(object["offset"]),
            let chapterIndex = StateValue.int(object["chapterIndex"]),
            let chapterTitle = object["chapterTitle"] as? String, let snippet = object["snippet"] as? String,
            let percent = StateValue.double(object["percent"]), let saved = StateValue.date(object["saved"])
        else { return nil }
        self.init(
            offset: offset, chapterIndex: chapterIndex, chapterTitle: chapterTitle, snippet: snippet, percent: percent,
            saved: saved)
    }

    var stateObject: [String: Any] {
        [
            "offset": offset, "chapterIndex": chapterIndex, "chapterTitle": chapterTitle, "snippet": snippet,
            "percent": percent, "saved": StateJSON.string(from: saved),
        ]
    }
}

extension SourceStamp: StateObject {
    init?(stateObject: Any) {
        guard let object = stateObject as? [String: Any], let file = object["file"] as? [String: Any],
            let bytes = StateValue.int(file["bytes"]), let modified = StateValue.int64(file["modified"]),
            let encoding = object["encoding"] as? String, let textBytes = StateValue.int(object["textBytes"])
        else { return nil }
        self.init(
            file: FileIdentity(bytes: bytes, modified: modified), encoding: encoding, textBytes: textBytes,
            verbatim: StateValue.bool(object["verbatim"]) ?? false)
    }

    var stateObject: [String: Any] {
        [
            "file": ["bytes": file.bytes, "modified": file.modified], "encoding": encoding, "textBytes": textBytes,
            "verbatim": verbatim,
        ]
    }
}

extension JumpHistory: StateObject {
    init?(stateObject: Any) {
        guard let object = stateObject as? [String: Any], let back = object["back"] as? [Any],
            let forward = object["forward"] as? [Any]
        else { return nil }
        let backPositions = back.compactMap(ReadingPosition.init(stateObject:))
        let forwardPositions = forward.compactMap(ReadingPosition.init(stateObject:))
        // One unreadable place makes the whole list unreadable, as the decoder it replaces did.
        guard backPositions.count == back.count, forwardPositions.count == forward.count else { return nil }
        self.init(back: backPositions, forward: forwardPositions)
    }

    var stateObject: [String: Any] {
        ["back": back.map(\.stateObject), "forward": forward.map(\.stateObject)]
    }
}

extension ReadingTime: StateObject {
    init?(stateObject: Any) {
        guard let object = stateObject as? [String: Any], let characters = StateValue.int(object["characters"]),
            let seconds = StateValue.double(object["seconds"]), let sessions = StateValue.int(object["sessions"])
        else { return nil }
        self.init(characters: characters, seconds: seconds, sessions: sessions)
    }

    var stateObject: [String: Any] {
        ["characters": characters, "seconds": seconds, "sessions": sessions]
    }
}

extension Bookmark: StateObject {
    /// A bookmark from a state file: a note that is missing or null is none; any other wrong field
    /// makes the bookmark unreadable, as the decoder it replaces did. By hand, because a round trip
    /// through the decoder made opening a book with 50,000 bookmarks take seconds.
    init?(stateObject: Any) {
        guard let object = stateObject as? [String: Any], let id = object["id"] as? String,
            let offset = StateValue.int(object["offset"]), let chapterIndex = StateValue.int(object["chapterIndex"]),
            let chapterTitle = object["chapterTitle"] as? String, let snippet = object["snippet"] as? String,
            let created = StateValue.date(object["created"])
        else { return nil }
        let note: String?
        switch object["note"] {
        case .none, is NSNull: note = nil
        case let text as String: note = text
        default: return nil
        }
        // Fields sync added: absent in older files (a uid is then derived), refused when of another shape.
        let uid: String?
        switch object["uid"] {
        case .none, is NSNull: uid = nil
        case let text as String where RandomID.isValid(text): uid = text
        default: return nil
        }
        let noteEdited: Date?
        switch object["noteEdited"] {
        case .none, is NSNull: noteEdited = nil
        case let text as String:
            guard let date = StateJSON.date(from: text) else { return nil }
            noteEdited = date
        default: return nil
        }
        self.init(
            id: id, offset: offset, chapterIndex: chapterIndex, chapterTitle: chapterTitle, snippet: snippet,
            note: note, created: created, uid: uid, noteEdited: noteEdited)
    }

    var stateObject: [String: Any] {
        var object: [String: Any] = [
            "id": id, "offset": offset, "chapterIndex": chapterIndex, "chapterTitle": chapterTitle, "snippet": snippet,
            "created": StateJSON.string(from: created), "uid": uid,
        ]
        if let note { object["note"] = note }
        if let noteEdited { object["noteEdited"] = StateJSON.string(from: noteEdited) }
        return object
    }
}
