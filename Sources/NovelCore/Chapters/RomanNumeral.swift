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
