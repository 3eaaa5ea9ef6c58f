/// Parses Roman numerals in English chapter headings (CHAPTER XII → 12).
public enum RomanNumeral {
    public static func parse<S: StringProtocol>(_ text: S) -> Int? {
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        let digits = text.uppercased().compactMap { values[$0] }
        guard !digits.isEmpty, digits.count == text.count, digits.count <= 12 else { return nil }
        var total = 0
        for (index, value) in digits.enumerated() {
            if index + 1 < digits.count, value < digits[index + 1] { total -= value } else { total += value }
        }
        return total > 0 ? total : nil
    }
}
