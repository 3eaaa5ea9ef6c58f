import Foundation

/// Where the reader stopped: the first character on screen, with what is needed to re-anchor it.
/// Kept in the state file by hand (`StateObject`: the hot path of `novel line`); Codable for the values
/// that hold positions through `StateJSON` (the jump history).
public struct ReadingPosition: Sendable, Equatable, Codable {
    public var offset: Int
    public var chapterIndex: Int
    public var chapterTitle: String
    public var snippet: String
    /// Percent through the book (0–100) when it was saved, for `novel recent`.
    public var percent: Double
    public var saved: Date

    public init(offset: Int, chapterIndex: Int, chapterTitle: String, snippet: String, percent: Double, saved: Date) {
        self.offset = offset
        self.chapterIndex = chapterIndex
        self.chapterTitle = chapterTitle
        self.snippet = snippet
        self.percent = percent
        self.saved = saved
    }

    /// How far `offset` lies through a text of `length` bytes, in percent to one decimal: the one way a
    /// place is given as a percentage (saved positions, `novel search`, exported bookmarks).
    public static func percent(_ offset: Int, of length: Int) -> Double {
        (Double(offset) * 1000 / Double(max(length, 1))).rounded() / 10
    }
}
