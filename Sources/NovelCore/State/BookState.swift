import Foundation

/// What novel remembers about one book: where the reader is, bookmarks, and per-book choices.
/// Stored as one JSON file per book, named by the book's fingerprint (see docs/settings.md).
public struct BookState: Sendable, Equatable {
    public static let formatVersion = 1

    public var fingerprint: String
    public var title: String
    /// The path the book was last opened from.
    public var lastPath: String
    public var lastRead: Date?
    public var position: ReadingPosition?
    public var bookmarks: [Bookmark]
    /// The next bookmark id's number: ids are never reused, even after a removal.
    public var nextBookmarkNumber: Int
    /// A `--chapter-pattern` chosen for this book.
    public var chapterPattern: String?
    /// An `--encoding` chosen for this book.
    public var encoding: String?
    /// A `--reflow` chosen for this book (nil: follow the `reflow` setting): hard wrapping is a property of the file.
    public var reflow: DisplayOptions.Reflow?
    /// A `--convert` chosen for this book (nil: follow the `convert` setting): which script a file is in
    /// is a property of the file.
    public var convert: Conversion?
    /// The conversion last turned on for this book, kept after it is turned off again, so that the reader's
    /// `c` key brings back the one the reader chose rather than the plain one for the script.
    public private(set) var chosenConvert: Conversion?
    /// Bookmark ids (and "position") that could not be found again after the book's text changed.
    public var unanchored: [String]
    /// The file as it was when the state was last saved (see `BookPreview`).
    public var source: SourceStamp?
    /// The places the reader's jumps left, for going back and forward again.
    public var history: JumpHistory
    /// The reading measured in this book, for its speed and time left (`ReadingMeter`).
    public var reading: ReadingTime
    /// A private book (`novel read --private`): its place and bookmarks are kept, but it is never in the
    /// history of books read (`BookStateStore.recent`) and its reading time is not recorded (`lastRead`).
    public var isPrivate: Bool
    /// Bookmarks removed here or on a synced machine, by uid, with the time of removal: the tombstones
    /// sync needs so that a removal is never undone by another machine's older copy (docs/sync.md).
    public var removedBookmarks: [String: Date]

    public init(fingerprint: String, title: String, lastPath: String) {
        self.fingerprint = fingerprint
        self.title = title
        self.lastPath = lastPath
        lastRead = nil
        position = nil
        bookmarks = []
        nextBookmarkNumber = 1
        chapterPattern = nil
        encoding = nil
        reflow = nil
        convert = nil
        chosenConvert = nil
        unanchored = []
        source = nil
        history = JumpHistory()
        reading = ReadingTime()
        isPrivate = false
        removedBookmarks = [:]
    }

    /// Builds the state from a file's object; wrongly typed parts are reported and left out.
    init(object: [String: Any], fingerprint: String, warnings: inout [String], path: String) {
        self.init(
            fingerprint: object["fingerprint"] as? String ?? fingerprint, title: object["title"] as? String ?? "",
            lastPath: object["lastPath"] as? String ?? "")
        lastRead = (object["lastRead"] as? String).flatMap(StateJSON.date(from:))
        if let positionObject = object["position"] {
            position = ReadingPosition(stateObject: positionObject)
            if position == nil, !(positionObject is NSNull) { warnings.append("\(path): unreadable position ignored") }
        }
        if let list = object["bookmarks"] as? [Any] {
            bookmarks.reserveCapacity(list.count)
            for item in list {
                if let bookmark = Bookmark(stateObject: item) {
                    bookmarks.append(bookmark)
                } else {
                    warnings.append("\(path): an unreadable bookmark was ignored")
                }
            }
        } else if let other = object["bookmarks"], !(other is NSNull) {
            warnings.append("\(path): bookmarks is not a list; ignored")
        }
        // Ids of unreadable bookmarks count too: they live on in the copy kept aside.
        let rawIDs = (object["bookmarks"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["id"] as? String }
        let highest = (bookmarks.map(\.id) + rawIDs).compactMap(Self.bookmarkNumber).max() ?? 0
        for id in rawIDs where Self.isBookmarkNumberTooLarge(id) {
            warnings.append(
                "\(path): bookmarks: id \(id) is past b\(Self.largestBookmarkNumber); kept, but new ids do not "
                    + "follow it")
        }
        nextBookmarkNumber = max(Self.storedNextBookmarkNumber(object, warnings: &warnings, path: path), highest + 1)
        // A hand-edited file can repeat an id: the later bookmark gets a fresh one, so each can be named.
        var seenIDs: Set<String> = []
        for index in bookmarks.indices where !seenIDs.insert(bookmarks[index].id).inserted {
            let fresh = "b\(nextBookmarkNumber)"
            warnings.append("\(path): bookmark id \(bookmarks[index].id) is used twice; the second one is now \(fresh)")
            bookmarks[index].id = fresh
            seenIDs.insert(fresh)
            nextBookmarkNumber += 1
        }
        // Two bookmarks with one uid (a hand-edited file) would be one to sync: the later one gets a new uid.
        var seenUIDs: Set<String> = []
        for index in bookmarks.indices where !seenUIDs.insert(bookmarks[index].uid).inserted {
            bookmarks[index].uid = RandomID.random()
            seenUIDs.insert(bookmarks[index].uid)
        }
        if let value = object["removedBookmarks"], !(value is NSNull) {
            if let removed = Self.removedBookmarks(value) {
                removedBookmarks = removed
            } else {
                warnings.append("\(path): unreadable removedBookmarks ignored")
            }
        }
        chapterPattern = object["chapterPattern"] as? String
        encoding = object["encoding"] as? String
        reflow = Self.choice(object, warnings: &warnings, path: path)
        convert = Self.choice(object, warnings: &warnings, path: path)
        chosenConvert = (object["chosenConvert"] as? String).flatMap(Conversion.init(rawValue:)).flatMap {
            $0 == .none ? nil : $0
        }
        unanchored = object["unanchored"] as? [String] ?? []
        source = object["source"].flatMap(SourceStamp.init(stateObject:))
        isPrivate = object["private"] as? Bool ?? false
        if let value = object["history"], !(value is NSNull) {
            if let decoded = JumpHistory(stateObject: value) {
                history = decoded
            } else {
                warnings.append("\(path): unreadable jump history ignored")
            }
        }
        if let value = object["reading"], !(value is NSNull) {
            if let decoded = ReadingTime(stateObject: value) {
                reading = decoded
            } else {
                warnings.append("\(path): unreadable reading time ignored")
            }
        }
    }

    /// Shows the book through `conversion` from now on; a conversion turned on is remembered as the book's
    /// chosen one (`chosenConvert`) even after it is turned off.
    public mutating func setConvert(_ conversion: Conversion?) {
        convert = conversion
        if let conversion, conversion != .none { chosenConvert = conversion }
    }

    /// The book's own value of a choice (`reflow`, `convert`), stored under its setting's name; an
    /// unknown value is reported and ignored.
    static func choice<Value: BookChoosable & CaseIterable>(
        _ object: [String: Any], warnings: inout [String], path: String
    ) -> Value? {
        guard let value = object[Value.settingName], !(value is NSNull) else { return nil }
        guard let choice = (value as? String).flatMap(Value.init(rawValue:)) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            warnings.append("\(path): \(Value.settingName) must be one of \(allowed), not \(value); ignored")
            return nil
        }
        return choice
    }

    /// Writes the known keys over `object`, which keeps the keys this version does not know.
    func merged(into object: [String: Any]) -> [String: Any] {
        var object = object
        object["fingerprint"] = fingerprint
        object["title"] = title
        object["lastPath"] = lastPath
        object["lastRead"] = lastRead.map(StateJSON.string(from:)) ?? NSNull()
        object["position"] =
            position.flatMap { Self.keepingUnknownKeys(of: object["position"], $0.stateObject) } ?? NSNull()
        // A bookmark keeps the keys this version does not know, found by its id in the old list.
        var oldBookmarks: [String: Any] = [:]
        for item in object["bookmarks"] as? [Any] ?? [] {
            if let id = (item as? [String: Any])?["id"] as? String { oldBookmarks[id] = item }
        }
        object["bookmarks"] = bookmarks.compactMap { Self.keepingUnknownKeys(of: oldBookmarks[$0.id], $0.stateObject) }
        object["nextBookmarkNumber"] = nextBookmarkNumber
        object["chapterPattern"] = chapterPattern ?? NSNull()
        object["encoding"] = encoding ?? NSNull()
        object["reflow"] = reflow?.rawValue ?? NSNull()
        object["convert"] = convert?.rawValue ?? NSNull()
        object["chosenConvert"] = chosenConvert?.rawValue ?? NSNull()
        object["unanchored"] = unanchored
        object["source"] = source?.stateObject ?? NSNull()
        object["private"] = isPrivate
        object["history"] = Self.keepingUnknownKeys(of: object["history"], history.stateObject) ?? NSNull()
        object["reading"] = Self.keepingUnknownKeys(of: object["reading"], reading.stateObject) ?? NSNull()
        if removedBookmarks.isEmpty {
            object["removedBookmarks"] = nil
        } else {
            object["removedBookmarks"] = removedBookmarks.mapValues { StateJSON.string(from: $0) }
        }
        return object
    }

    /// Records that the book was read at `date`, unless it is private.
    /// The reader is at `position`: it is the book's place, and the book was read then.
    public mutating func save(_ position: ReadingPosition) {
        self.position = position
        markRead(at: position.saved)
    }

    public mutating func markRead(at date: Date) {
        lastRead = isPrivate ? nil : date
    }

    /// Makes the book private (forgetting when it was read) or public again.
    public mutating func setPrivate(_ isPrivate: Bool) {
        self.isPrivate = isPrivate
        if isPrivate { lastRead = nil }
    }

    /// The keys of the objects this version writes inside a state file; any other key is someone else's.
    static let knownKeys: Set<String> = [
        "id", "offset", "chapterIndex", "chapterTitle", "snippet", "note", "created", "percent", "saved",
        "back", "forward", "characters", "seconds", "sessions", "uid", "noteEdited",
    ]

    /// The tombstones' object (uid → date), or nil when any of it is of another shape.
    static func removedBookmarks(_ value: Any) -> [String: Date]? {
        guard let object = value as? [String: Any] else { return nil }
        var removed: [String: Date] = [:]
        for (uid, date) in object {
            guard RandomID.isValid(uid), let date = StateValue.date(date) else { return nil }
            removed[uid] = date
        }
        return removed
    }

    /// `encoded` with the unknown keys of `old` added (a nil note is absent from `encoded` and stays absent).
    static func keepingUnknownKeys(of old: Any?, _ encoded: Any?) -> Any? {
        guard let old = old as? [String: Any], var merged = encoded as? [String: Any] else { return encoded }
        for (key, value) in old where !knownKeys.contains(key) && merged[key] == nil { merged[key] = value }
        return merged
    }
}

/// JSON conventions shared by the state files: ISO 8601 dates (`ISO8601Date`), sorted keys.
enum StateJSON {
    static func string(from date: Date) -> String {
        ISO8601Date.string(from: date)
    }

    static func date(from text: String) -> Date? {
        ISO8601Date.date(from: text)
    }
}
