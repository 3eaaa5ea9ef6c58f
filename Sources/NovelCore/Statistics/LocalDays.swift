import Foundation

/// Calendar days on the reader's clock as whole numbers (days since 1970-01-01 there), worked out by
/// arithmetic: a year of sessions is counted by day at `novel stats`' start, and Foundation's `Calendar`
/// costs more per call than the whole count should. The zone's offset is looked up once an hour of time
/// (it changes only on the hour or half hour, at a daylight-saving change).
struct LocalDays {
    let timeZone: TimeZone
    private var offsets: [Int: Int] = [:]

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The local day holding `date`.
    mutating func number(of date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return .min / 2 }
        let whole = Int(seconds.rounded(.down))
        let hour = whole >= 0 ? whole / 3600 : (whole - 3599) / 3600
        let offset: Int
        if let known = offsets[hour] {
            offset = known
        } else {
            offset = timeZone.secondsFromGMT(for: date)
            offsets[hour] = offset
        }
        let local = whole + offset
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// `2026-11-27` for a day number.
    static func text(_ day: Int) -> String {
        let (year, month, date) = ISO8601Date.civilDate(days: Int64(day))
        return String(format: "%04d-%02d-%02d", Int(year), Int(month), Int(date))
    }
}
