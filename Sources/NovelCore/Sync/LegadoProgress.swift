import Foundation

/// legado's reading progress for one book, as the phone reader keeps it on the same WebDAV store:
/// `bookProgress/<name>_<author>.json`, a JSON object with `name`, `author`, `durChapterIndex` (the chapter,
/// from 0), `durChapterPos` (characters into the chapter as legado lays it out, `LegadoChapterText`),
/// `durChapterTime` (milliseconds since 1970) and `durChapterTitle`. Fields novel does not know are kept as
/// they were read, so a file written back loses nothing legado (or a later legado) put there. The file is
/// untrusted: strict JSON, at most `sizeLimit` bytes, each known field of its type.
public struct LegadoProgress {
    /// The most bytes of a progress file read: legado's are about 200.
    public static let sizeLimit = 64 << 10
    /// The folder legado keeps progress files in, inside its WebDAV folder.
    public static let folder = "bookProgress"

    public var name: String
    public var author: String
    public var chapterIndex: Int
    public var chapterPosition: Int
    /// When legado last saved the place, in milliseconds since 1970.
    public var time: Int64
    public var chapterTitle: String?
    /// The fields of the file other than the six above, as read.
    public var otherFields: [String: Any]

    public init(
        name: String, author: String, chapterIndex: Int, chapterPosition: Int, time: Int64, chapterTitle: String?,
        otherFields: [String: Any] = [:]
    ) {
        self.name = name
        self.author = author
        self.chapterIndex = chapterIndex
        self.chapterPosition = chapterPosition
        self.time = time
        self.chapterTitle = chapterTitle
        self.otherFields = otherFields
    }

    /// The file's path in the store for a book's name and author. legado replaces `\ / : * ? " < > |` in
    /// `<name>_<author>` with `_` (its `normalizeFileName`); a control character, which `SyncPath` refuses,
    /// is replaced too.
    public static func path(name: String, author: String) -> String {
        let reserved: Set<Unicode.Scalar> = ["\\", "/", ":", "*", "?", "\"", "<", ">", "|"]
        var fileName = ""
        for scalar in "\(name)_\(author)".unicodeScalars {
            let replaced = reserved.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F
            fileName.unicodeScalars.append(replaced ? "_" : scalar)
        }
        if fileName == "." || fileName == ".." { fileName = "_" }
        return folder + "/" + fileName + ".json"
    }

    /// The progress a file holds; `store` and `path` name it in the error.
    public init(decoding bytes: Data, store: String, path: String) throws(SyncError) {
        func malformed(_ reason: String) -> SyncError { .malformed(store: store, path: path, reason: reason) }
        guard bytes.count <= Self.sizeLimit else { throw .tooLarge(store: store, path: path, limit: Self.sizeLimit) }
        guard var object = JSONText.parse(Array(bytes)) as? [String: Any] else {
            throw malformed("not a JSON object")
        }
        guard let name = object.removeValue(forKey: "name") as? String,
            let author = object.removeValue(forKey: "author") as? String
        else { throw malformed("no name and author") }
        guard let index = StateValue.int(object.removeValue(forKey: "durChapterIndex")), index >= 0,
            let position = StateValue.int(object.removeValue(forKey: "durChapterPos")), position >= 0
        else { throw malformed("durChapterIndex and durChapterPos must be whole numbers from 0") }
        guard let time = StateValue.int64(object.removeValue(forKey: "durChapterTime")) else {
            throw malformed("durChapterTime must be a whole number of milliseconds")
        }
        let title = object.removeValue(forKey: "durChapterTitle")
        guard title == nil || title is NSNull || title is String else {
            throw malformed("durChapterTitle must be text")
        }
        self.init(
            name: name, author: author, chapterIndex: index, chapterPosition: position, time: time,
            chapterTitle: title as? String, otherFields: object)
    }

    /// The file's bytes: the fields read and not known first, then the six known ones.
    public func encoded() -> Data {
        var object = otherFields
        object["name"] = name
        object["author"] = author
        object["durChapterIndex"] = chapterIndex
        object["durChapterPos"] = chapterPosition
        object["durChapterTime"] = NSNumber(value: time)
        object["durChapterTitle"] = chapterTitle ?? NSNull()
        // The unknown fields came from JSONText.parse, so JSONText writes them back.
        return Data(JSONText.pretty(object) ?? [])
    }

    /// The progress legado keeps for a book in `store`, or nil where there is none.
    public static func read(
        from store: some SyncStore, storeName: String, name: String, author: String
    ) throws(SyncError) -> LegadoProgress? {
        let path = path(name: name, author: author)
        guard let bytes = try store.read(path, limit: sizeLimit) else { return nil }
        return try LegadoProgress(decoding: bytes, store: storeName, path: path)
    }

    /// Writes the progress where legado reads it (atomically, as every store write is).
    public func write(to store: some SyncStore) throws(SyncError) {
        try store.write(encoded(), to: Self.path(name: name, author: author))
    }
}
