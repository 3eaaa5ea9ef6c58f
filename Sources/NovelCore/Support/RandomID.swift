/// The ids that must be unique across machines without asking any of them: a device's for sync (made
/// once per home) and a bookmark's (made with the bookmark), so that the union of bookmarks by id never
/// confuses two different ones. Sixteen lowercase hex digits from the system's random source (64 bits:
/// two ids meet by chance about once in four billion billion pairs).
public enum RandomID {
    /// How long an id may be: one read from a store (a folder's name, a field of a record) is checked
    /// against this and `isValid` before it is used in a path.
    public static let longest = 64

    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next())
    }

    /// A made id's form: 1 to `longest` characters of lowercase letters, digits and `-`, so that it is
    /// always one part of a `SyncPath` and names nothing else.
    public static func isValid(_ id: String) -> Bool {
        let bytes = id.utf8
        return !bytes.isEmpty && bytes.count <= longest
            && bytes.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D }
    }

    /// Sixteen lowercase hex digits of `value`.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
