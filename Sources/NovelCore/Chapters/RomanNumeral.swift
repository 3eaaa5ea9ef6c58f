/// Parses Roman numerals in English chapter headings (CHAPTER XII → 12).
public enum RomanNumeral {
    public static func parse<S: StringProtocol>(_ text: S) -> Int? {
        let digits = text.unicodeScalars.compactMap(value)
        guard !digits.isEmpty, digits.count == text.unicodeScalars.count, digits.count <= 12 else { return nil }
        var total = 0
        for (index, value) in digits.enumerated() {
            if index + 1 < digits.count, value < digits[index + 1] { total -= value } else { total += value }
        }
        return total > 0 ? total : nil
    }

    /// The value of one Roman digit, in either case.
    private static func value(_ digit: Unicode.Scalar) -> Int? {
        switch digit {
        case "I", "i": 1
        case "V", "v": 5
        case "X", "x": 10
        case "L", "l": 50
        case "C", "c": 100
        case "D", "d": 500
        case "M", "m": 1000
        default: nil
        }
    }

    /// Each decimal place of a numeral written the usual way: its one, five and ten digits (0: none) and
    /// its value.
    private static let places: [(one: UInt32, five: UInt32, ten: UInt32, value: Int)] = [
        (0x4D, 0, 0, 1000), (0x43, 0x44, 0x4D, 100), (0x58, 0x4C, 0x43, 10), (0x49, 0x56, 0x58, 1),
    ]

    /// The value of a numeral written the usual way, in either case (`XII`, `xii`: 12; not `IIII`, `IC`
    /// or `CIVIL`), up to 3999. Read place by place from the scalars, without building a String: the
    /// chapter scan asks this of every heading.
    static func canonicalValue(_ digits: ArraySlice<Unicode.Scalar>) -> Int? {
        var index = digits.startIndex
        func take(_ digit: UInt32) -> Bool {
            guard digit != 0, index < digits.endIndex, digits[index].value & ~0x20 == digit else { return false }
            index += 1
            return true
        }
        var total = 0
        for place in places {
            var count = 0
            if take(place.one) {
                if take(place.ten) {
                    count = 9
                } else if take(place.five) {
                    count = 4
                } else {
                    count = 1
                    while count < 3, take(place.one) { count += 1 }
                }
            } else {
                if take(place.five) { count = 5 }
                var ones = 0
                while ones < 3, take(place.one) { ones += 1 }
                count += ones
            }
            total += count * place.value
        }
        return index == digits.endIndex && total > 0 ? total : nil
    }

    /// `value` in canonical capitals (12 → XII), for checking that a numeral is written the usual way.
    public static func format(_ value: Int) -> String {
        let symbols: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var rest = max(0, value)
        var result = ""
        for (amount, symbol) in symbols {
            while rest >= amount {
                result += symbol
                rest -= amount
            }
        }
        return result
    }
}
