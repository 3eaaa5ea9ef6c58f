import Foundation

/// The state files' dates, `2026-11-24T21:36:23.123Z`, written and read by hand. Foundation's
/// `ISO8601FormatStyle` gives the same text, but its first use in a process builds a calendar and a time
/// zone, a visible share of a `novel line --next` call, which a status line makes every second
/// (docs/benchmarks.md, *Costs behind the code's shape*).
///
/// Written in UTC with milliseconds (rounded down, as the format style does). Read: a four-digit year,
/// `T`, the time with or without a fraction of any length, and `Z` or an offset (`+08:00`, `+0800`); as
/// with the format style, out-of-range days and times roll over (`02-30` is March 2, `24:00` the next day).
enum ISO8601Date {
    static func string(from date: Date) -> String {
        // A microsecond's slack: a whole millisecond stored a hair below itself in binary is that millisecond.
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down)
        // Dates beyond any calendar a person uses are clamped (and a NaN one is the epoch) rather than
        // trapping on conversion.
        let total = milliseconds.isNaN ? 0 : Int64(max(min(milliseconds, 2.5e17), -2.5e17))
        let (seconds, millisecond) = floorDivision(total, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(days: days)
        var text = ""
        text.reserveCapacity(24)
        append(year, digits: 4, to: &text)
        text.append("-")
        append(month, digits: 2, to: &text)
        text.append("-")
        append(day, digits: 2, to: &text)
        text.append("T")
        append(secondOfDay / 3600, digits: 2, to: &text)
        text.append(":")
        append(secondOfDay / 60 % 60, digits: 2, to: &text)
        text.append(":")
        append(secondOfDay % 60, digits: 2, to: &text)
        text.append(".")
        append(millisecond, digits: 3, to: &text)
        text.append("Z")
        return text
    }

    static func date(from text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), reader.skip("T"),
            let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            reader.skip(":"), let second = reader.number(digits: 2),
            (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            var scale = 0.1
            var digits = 0
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        guard let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`, the inverse of `daysFromCivil`).
    static func civilDate(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func append(_ value: Int64, digits: Int, to text: inout String) {
        let written = String(value)
        if written.count < digits { text.append(String(repeating: "0", count: digits - written.count)) }
        text.append(written)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func digit() -> Int? {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
            index += 1
            return Int(bytes[index - 1] - 0x30)
        }

        mutating func number(digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Seconds east of UTC: `Z`, `+HH:MM` or `+HHMM` (and `-`); nil when there is none.
        mutating func zoneOffset() -> Int? {
            if skip("Z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else { return nil }
            _ = skip(":")
            guard let minutes = number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
