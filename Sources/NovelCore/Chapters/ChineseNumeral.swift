/// Parses the numbers that chapter headings use: Arabic and full-width digits, Chinese numerals in
/// positional form (一百二十三, 两百, 一百零八, 一千零一十) and digit-by-digit form (一二零 → 120),
/// and financial numerals (壹佰贰拾叁).
public enum ChineseNumeral {
    /// The value of `text`, or nil when it is not a number or is too large to be a chapter number.
    /// Total: every input gives a value or nil, never a trap.
    public static func parse<S: StringProtocol>(_ text: S) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= 12 else { return nil }
        guard scalars.allSatisfy({ isNumeral($0) }) else { return nil }
        let value = scalars.contains(where: { multiplier($0) != nil }) ? positional(scalars) : digitByDigit(scalars)
        return value.flatMap { $0 <= largest ? $0 : nil }
    }

    /// The largest chapter number: twelve digits, so that callers may add and subtract chapter numbers freely.
    public static let largest = 999_999_999_999

    /// 一二零 → 120, 一零零 → 100, 0123 → 123. Chinese and Arabic digits mixed are a number only when the
    /// Chinese ones are zeros in front (第〇1章 → 1, a zero typed in the wrong script); any other mix
    /// (第１二章, 第壹2回, 第一2章) has no clear value and is not a number.
    private static func digitByDigit(_ scalars: [Unicode.Scalar]) -> Int? {
        let firstArabic = scalars.firstIndex { asciiOrFullWidthDigit($0) != nil } ?? scalars.endIndex
        let chinese = scalars[..<firstArabic]
        let arabic = scalars[firstArabic...]
        let digits: [Int]
        if arabic.isEmpty {
            digits = chinese.compactMap(digit)
        } else {
            guard chinese.allSatisfy({ digit($0) == 0 }) else { return nil }
            digits = arabic.compactMap(asciiOrFullWidthDigit)
            guard digits.count == arabic.count else { return nil }  // a Chinese digit after an Arabic one
        }
        var value = 0
        for digit in digits {
            guard let next = checked(value, times: 10, plus: digit) else { return nil }
            value = next
        }
        return value
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
    /// Arithmetic is checked: 九万万万万… is too large, not a trap.
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
                    guard let sections = checked(total, times: 1, plus: section),
                        let sum = checked(sections, times: 1, plus: pending ?? 0),
                        let next = checked(sum, times: 10000, plus: 0)
                    else { return nil }
                    total = next
                    section = 0
                } else {
                    guard let next = checked(pending ?? 1, times: unit, plus: section) else { return nil }
                    section = next
                }
                pending = nil
            } else if let value = asciiOrFullWidthDigit(scalar) {
                guard let next = checked(pending ?? 0, times: 10, plus: value) else { return nil }
                pending = next
            }
        }
        return checked(total, times: 1, plus: section).flatMap { checked($0, times: 1, plus: pending ?? 0) }
    }

    /// `value * factor + addend`, or nil when it overflows.
    private static func checked(_ value: Int, times factor: Int, plus addend: Int) -> Int? {
        let (product, productOverflow) = value.multipliedReportingOverflow(by: factor)
        let (sum, sumOverflow) = product.addingReportingOverflow(addend)
        return productOverflow || sumOverflow ? nil : sum
    }
}
