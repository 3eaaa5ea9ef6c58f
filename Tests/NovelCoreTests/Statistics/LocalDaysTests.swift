import Foundation
import Testing

@testable import NovelCore

/// Local calendar days by arithmetic agree with Foundation's calendar, across daylight-saving changes.
@Suite struct LocalDaysTests {
    @Test(arguments: [
        "UTC", "Asia/Shanghai", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata",
    ])
    func agreesWithTheCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var days = LocalDays(timeZone: timeZone)
        var generator = SystemRandomNumberGenerator()
        // 2019 to 2031, and the minutes around midnight and around each zone's changes of offset.
        var moments = (0..<3_000).map { _ in Double.random(in: 1_546_300_800...1_924_992_000, using: &generator) }
        for moment in stride(from: 1_546_300_800.0, to: 1_924_992_000, by: 86_400 * 7) {
            if let change = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: moment)) {
                let at = change.timeIntervalSince1970
                moments += [at - 1, at, at + 1, at + 1_799, at + 3_599]
            }
        }
        for moment in moments {
            let date = Date(timeIntervalSince1970: moment)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            #expect(LocalDays.text(days.number(of: date)) == expected, "\(zone) \(moment)")
        }
    }

    @Test func daysCountUpByOne() {
        var days = LocalDays(timeZone: TimeZone(identifier: "America/New_York")!)
        // 2026-03-08 is 23 hours long there, 2026-11-01 is 25.
        let noon = Date(timeIntervalSince1970: 1_772_902_800)  // 2026-03-07 12:00 EST
        let numbers = (0..<4).map { days.number(of: noon + Double($0) * 86_400) }
        #expect(numbers == [numbers[0], numbers[0] + 1, numbers[0] + 2, numbers[0] + 3])
        #expect(LocalDays.text(numbers[1]) == "2026-03-08")
    }
}
