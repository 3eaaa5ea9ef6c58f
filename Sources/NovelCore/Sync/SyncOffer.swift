import Foundation

/// Another device's place, newer than this one's and elsewhere in the book: the reader says so on open
/// (`At 第十二回 on laptop, 2 h ago — P to go there`) and goes there only when asked; sync never moves
/// the place by itself.
public struct SyncOffer: Sendable, Equatable {
    public let position: SyncedPosition

    /// Places closer than this many bytes are the same place: about a page of Chinese text, so that a
    /// place taken over from another device (saved again at the top of its page) is not offered back.
    public static let samePlaceBytes = 4096

    /// The offer of `newest` (the merged position) to a home at `local`; nil when it is this device's own,
    /// not newer, or where the reader already is.
    public init?(newest: SyncedPosition?, local: ReadingPosition?, thisDevice: String) {
        guard let newest, newest.deviceID != thisDevice else { return nil }
        if let local {
            guard newest.saved > local.saved else { return nil }
            let sameChapter = newest.chapterTitle == local.chapterTitle
            guard !sameChapter || abs(newest.offset - local.offset) >= Self.samePlaceBytes else { return nil }
        }
        position = newest
    }

    /// The one line the reader shows: where, on which device, how long ago, and the key that goes there.
    public func message(now: Date, key: String) -> String {
        let place = position.chapterTitle.isEmpty ? "\(Self.percentText(position.percent))" : position.chapterTitle
        return "At \(place) on \(position.deviceName), \(Self.ago(position.saved, now: now)) — \(key) to go there"
    }

    /// `just now`, `5 min ago`, `2 h ago`, `3 d ago`.
    public static func ago(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds.isFinite, seconds >= 60 else { return "just now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3600)) h ago" }
        return "\(Int(min(seconds / 86_400, 1e9))) d ago"
    }

    static func percentText(_ percent: Double) -> String {
        "\(String(format: "%.1f", percent))%"
    }
}
