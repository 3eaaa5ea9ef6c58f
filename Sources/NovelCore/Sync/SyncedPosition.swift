import Foundation

/// A device's place in a book as sync shares it: where, in which chapter, how far, when, and on which
/// device. Never any of the book's text (the local snippet stays at home).
public struct SyncedPosition: Sendable, Equatable {
    public var offset: Int
    public var chapterTitle: String
    public var percent: Double
    public var saved: Date
    public var deviceID: String
    public var deviceName: String

    public init(offset: Int, chapterTitle: String, percent: Double, saved: Date, deviceID: String, deviceName: String) {
        self.offset = offset
        self.chapterTitle = chapterTitle
        self.percent = percent
        self.saved = saved
        self.deviceID = deviceID
        self.deviceName = deviceName
    }

    /// Whether `self` wins over `other`: the newer one; at the same time, one fixed order of the rest, so
    /// that every device picks the same winner whatever order it read the files in.
    func isNewer(than other: SyncedPosition) -> Bool {
        if saved != other.saved { return saved > other.saved }
        if deviceID != other.deviceID { return deviceID > other.deviceID }
        if offset != other.offset { return offset > other.offset }
        if chapterTitle != other.chapterTitle { return chapterTitle > other.chapterTitle }
        if percent != other.percent { return percent > other.percent }
        return deviceName > other.deviceName
    }
}
