import Foundation
import Testing

@testable import NovelCore

/// The state files' dates, written and read by hand, against Foundation's ISO 8601 format style (what
/// earlier versions wrote and read, so old state files keep their dates).
@Suite struct ISO8601DateTests {
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let whole = Date.ISO8601FormatStyle()

    /// Dates across four centuries, before and after 1970, on leap days and at the ends of days and years.
    static let dates: [Date] = {
        var generator = SystemRandomNumberGenerator()
        var seconds: [Double] = [
            0, -1, 59, 86_399, 86_400, 951_782_400 /* 2000-02-29 */, 4_107_456_000 /* 2100-02-28 */, -2_208_988_800,
            1_795_556_183.5, 1_700_000_000.25, -1_000_000_000.75, 253_402_300_799 /* 9999-12-31T23:59:59 */,
        ]
        for _ in 0..<2000 {
            // Whole milliseconds, so that rounding down to them is exact on both sides.
            seconds.append(Double(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)) / 1000)
        }
        return seconds.map { Date(timeIntervalSince1970: $0) }
    }()

    @Test func writesWhatTheFormatStyleWrites() {
        for date in Self.dates {
            let ours = ISO8601Date.string(from: date)
            let theirs = date.formatted(Self.fractional)
            // The two may round a millisecond that is not exact in binary differently; never more.
            if ours != theirs {
                let gap = abs(ISO8601Date.date(from: ours)!.timeIntervalSince(try! Self.fractional.parse(theirs)))
                #expect(gap <= 0.001 + 1e-6, "\(date.timeIntervalSince1970): \(ours) against \(theirs)")
            }
            #expect(ours.count == 24 && ours.hasSuffix("Z"))
        }
        #expect(ISO8601Date.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Date.string(from: Date(timeIntervalSince1970: 951_782_400.125)) == "2000-02-29T00:00:00.125Z")
        #expect(ISO8601Date.string(from: Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    }

    @Test func readsWhatTheFormatStyleReads() throws {
        var texts =
            Self.dates.map { $0.formatted(Self.fractional) } + Self.dates.prefix(200).map { $0.formatted(Self.whole) }
        texts += [
            "2026-11-24T21:36:23Z", "2026-11-24T21:36:23.5Z", "2026-11-24T21:36:23.123456Z",
            "2026-11-24T21:36:23+08:00",
            "2026-11-24T21:36:23.123+0800", "2026-11-24T21:36:23-05:30", "2026-02-30T21:36:23Z", "2026-11-24T24:00:00Z",
            "2026-11-24T21:36:60Z",
        ]
        for text in texts {
            let theirs = try #require(try? Self.fractional.parse(text)) ?? Self.whole.parse(text)
            let ours = try #require(ISO8601Date.date(from: text), "\(text)")
            #expect(abs(ours.timeIntervalSince(theirs)) < 1e-5, "\(text)")
        }
    }

    /// Foundation refuses these too; it takes some of the ones below (`+8`, trailing text, minute 61, a
    /// two-digit year), which no version of novel wrote.
    @Test(arguments: [
        "", "2026", "2026-11-24", "2026-11-24 21:36:23Z", "2026-13-24T21:36:23Z", "2026-11-24t21:36:23z",
        "2026-11-24T21:36:23", "2026-11-24T21:36:23.Z", "２０２６-11-24T21:36:23Z", "2026-00-10T00:00:00Z",
    ])
    func refusesWhatIsNotADate(text: String) {
        #expect(ISO8601Date.date(from: text) == nil)
        #expect((try? Self.fractional.parse(text)) == nil && (try? Self.whole.parse(text)) == nil)
    }

    @Test(arguments: [
        "2026-11-24T21:36:23Zjunk", "26-11-24T21:36:23Z", "2026-11-24T21:61:23Z", "2026-11-24T21:36:23+8",
    ])
    func refusesNearMisses(text: String) {
        #expect(ISO8601Date.date(from: text) == nil)
    }

    @Test func roundTripsToTheMillisecond() throws {
        for date in Self.dates {
            let back = try #require(ISO8601Date.date(from: ISO8601Date.string(from: date)))
            #expect(abs(back.timeIntervalSince(date)) < 0.001 + 1e-6)
        }
    }
}
