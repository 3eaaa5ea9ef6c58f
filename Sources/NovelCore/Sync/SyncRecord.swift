import Foundation

/// What one device shares about one book: the file `devices/<device-id>/<fingerprint>.json` in the store,
/// written only by that device. Its place, every bookmark it knows (with the removals it knows of) and its
/// own reading time; never the book's text. Everyone's records are merged on read (`SyncMerge`).
public struct SyncRecord: Sendable, Equatable {
    public static let formatVersion = 1

    public var deviceID: String
    public var deviceName: String
    /// The book's content fingerprint (`BookState.fingerprint`): the same book under another name or path
    /// matches, another edition does not.
    public var fingerprint: String
    public var title: String
    public var position: SyncedPosition?
    public var bookmarks: [SyncedBookmark]
    /// This device's reading of the book (its own, never a sum: sums are made on read).
    public var reading: ReadingTime
    public var written: Date

    public init(
        deviceID: String, deviceName: String, fingerprint: String, title: String, position: SyncedPosition?,
        bookmarks: [SyncedBookmark], reading: ReadingTime, written: Date
    ) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.fingerprint = fingerprint
        self.title = title
        self.position = position
        self.bookmarks = bookmarks
        self.reading = reading
        self.written = written
    }

    /// Where a device's record of a book lives in a store.
    public static func path(deviceID: String, fingerprint: String) -> String {
        "\(devicesFolder)/\(deviceID)/\(fingerprint).json"
    }

    /// The folder holding one folder per device.
    public static let devicesFolder = "devices"

    /// The most a record may hold, as a local state file (a book with 50,000 bookmarks is about 12 MB):
    /// a store's answers are untrusted, and a larger one is refused before it is read whole.
    public static let largest = BookFile.largestSettingsOrState
}
