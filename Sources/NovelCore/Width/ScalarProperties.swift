import CICU

/// Short property names of a scalar (from ICU), for `novel widths` and docs/width.md.
public enum ScalarProperties {
    /// The two-letter General_Category ("Lo", "Mn", "Cn" for unassigned …).
    public static func generalCategory(_ scalar: UInt32) -> String {
        // Indexed by ICU's UCharCategory.
        let names = [
            "Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl", "No", "Zs", "Zl", "Zp", "Cc", "Cf",
            "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf",
        ]
        let value = Int(nicu_general_category(Int32(bitPattern: scalar)))
        return names.indices.contains(value) ? names[value] : "??"
    }

    /// The East_Asian_Width value ("N", "A", "H", "F", "Na", "W").
    public static func eastAsianWidth(_ scalar: UInt32) -> String {
        let names = ["N", "A", "H", "F", "Na", "W"]
        let value = Int(nicu_east_asian_width(Int32(bitPattern: scalar)))
        return names.indices.contains(value) ? names[value] : "?"
    }

    /// The Unicode version of ICU's data, such as "15.0".
    public static var unicodeVersion: String {
        var buffer = [CChar](repeating: 0, count: 32)
        nicu_unicode_version(&buffer, Int32(buffer.count))
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
