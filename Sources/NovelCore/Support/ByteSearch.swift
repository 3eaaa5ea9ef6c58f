/// Whether a short run of bytes occurs in a small buffer: front matter, a state file, a chapter title. Plain and
/// quadratic in the worst case, which is nothing at these sizes; whole books are searched by `TextSearch`.
public enum ByteSearch {
    /// Whether `haystack` holds `needle`; when `anyCase`, an ASCII lowercase letter of `needle` also
    /// matches its capital.
    public static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], anyCase: Bool = false)
        -> Bool
    {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        func same(_ byte: UInt8, _ wanted: UInt8) -> Bool {
            byte == wanted || anyCase && wanted >= 0x61 && wanted <= 0x7A && byte == wanted - 0x20
        }
        for start in 0...(haystack.count - needle.count) where same(haystack[start], first) {
            var offset = 1
            while offset < needle.count, same(haystack[start + offset], needle[offset]) { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }

    public static func contains(_ haystack: [UInt8], _ needle: [UInt8], anyCase: Bool = false) -> Bool {
        haystack.withUnsafeBufferPointer { contains($0, needle, anyCase: anyCase) }
    }
}
