/// Parses the numbers that chapter headings use: Arabic and full-width digits, Chinese numerals in
/// positional form (一百二十三, 两百, 一百零八, 一千零一十) and digit-by-digit form (一二零 → 120),
/// and financial numerals (壹佰贰拾叁).
public enum ChineseNumeral {
    /// The value of `text`, or nil when it is not a number or is too large to be a chapter number.
    public static func parse<S: StringProtocol>(_ text: S) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= 12 else { return nil }
        if scalars.allSatisfy({ asciiOrFullWidthDigit($0) != nil }) {
            return scalars.reduce(0) { $0 * 10 + asciiOrFullWidthDigit($1)! }
        }
        guard scalars.allSatisfy({ isNumeral($0) }) else { return nil }
        if !scalars.contains(where: { multiplier($0) != nil }) {
            // Digit by digit: 一二零 → 120, 一零零 → 100.
            return scalars.reduce(0) { $0 * 10 + digit($1)! }
        }
        return positional(scalars)
    }

    /// Whether `scalar` can be part of a number in a heading.
    public static func isNumeral(_ scalar: Unicode.Scalar) -> Bool {
        digit(scalar) != nil || multiplier(scalar) != nil || asciiOrFullWidthDigit(scalar) != nil
    }

    static func asciiOrFullWidthDigit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value - 0x30)
        case 0xFF10...0xFF19: Int(scalar.value - 0xFF10)
        default: nil
        }
    }

    static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "〇", "零", "○": 0
        case "一", "壹", "弌": 1
        case "二", "两", "貳", "贰", "兩": 2
        case "三", "叁", "參", "叄": 3
        case "四", "肆": 4
        case "五", "伍": 5
        case "六", "陆", "陸": 6
        case "七", "柒": 7
        case "八", "捌": 8
        case "九", "玖": 9
        default: nil
        }
    }

    static func multiplier(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "十", "拾": 10
        case "百", "佰": 100
        case "千", "仟": 1000
        case "万", "萬": 10000
        default: nil
        }
    }

    /// 一百二十三 → 123; a leading 十 means 10 (十五 → 15); 零 only marks a skipped place; 一百十七 → 117.
    private static func positional(_ scalars: [Unicode.Scalar]) -> Int? {
        var total = 0
        var section = 0
        var pending: Int?
        for scalar in scalars {
            if let value = digit(scalar) {
                if value == 0 { continue }
                if pending != nil { return nil }  // two digits in a row in positional form
                pending = value
            } else if let unit = multiplier(scalar) {
                if unit == 10000 {
                    total = (total + section + (pending ?? 0)) * 10000
                    section = 0
                } else {
                    section += (pending ?? 1) * unit
                }
                pending = nil
            } else if let value = asciiOrFullWidthDigit(scalar) {
                pending = (pending ?? 0) * 10 + value
            }
        }
        return total + section + (pending ?? 0)
    }
}
