/// A byte-order mark at the start of a file, which names its encoding outright.
public enum ByteOrderMark: CaseIterable, Sendable {
    case utf8, utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian

    /// The mark's bytes. UTF-32LE starts like UTF-16LE, so `detect` tries it first.
    public var bytes: [UInt8] {
        switch self {
        case .utf8: [0xEF, 0xBB, 0xBF]
        case .utf16LittleEndian: [0xFF, 0xFE]
        case .utf16BigEndian: [0xFE, 0xFF]
        case .utf32LittleEndian: [0xFF, 0xFE, 0x00, 0x00]
        case .utf32BigEndian: [0x00, 0x00, 0xFE, 0xFF]
        }
    }

    /// The ICU converter for the bytes after the mark.
    public var encoding: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        case .utf32LittleEndian: "UTF-32LE"
        case .utf32BigEndian: "UTF-32BE"
        }
    }

    /// The mark `bytes` start with, if any.
    public static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> ByteOrderMark? {
        for mark in [ByteOrderMark.utf32LittleEndian, .utf32BigEndian, .utf8, .utf16LittleEndian, .utf16BigEndian]
        where bytes.starts(with: mark.bytes) {
            return mark
        }
        return nil
    }
}
