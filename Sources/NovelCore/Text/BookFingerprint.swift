/// Identifies a book by its decoded text, so a renamed or moved file keeps its state and cache.
public enum BookFingerprint {
    /// A 64-bit hash of the whole text (8 bytes per step), as 16 hex digits.
    /// `progress` hears how far the hash has got (pieces of whole words, so the hash is the same).
    public static func of(_ utf8: some BorrowableBytes, progress: LoadStep = .none) -> String {
        // Never told to stop, so never nil.
        utf8.withUnsafeBufferPointer { of($0, progress: progress, stoppingWhen: { false }) } ?? ""
    }

    /// `of`, which gives up (nil) as soon as `stop` says so, asked before each piece of a few megabytes:
    /// a fingerprint taken on speculation, beside a check that may find the text is not these bytes.
    static func of(_ buffer: UnsafeBufferPointer<UInt8>, progress: LoadStep = .none, stoppingWhen stop: () -> Bool)
        -> String?
    {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
        let raw = UnsafeRawBufferPointer(buffer)
        let words = raw.count / 8
        var stopped = false
        progress.forEachPiece(count: words * 8) { piece in
            if stop() {
                stopped = true
                return false
            }
            for index in (piece.lowerBound / 8)..<(piece.upperBound / 8) {
                let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                hash = (hash ^ word) &* 0x100_0000_01B3 &+ 0x9E37_79B9
                hash ^= hash >> 29
            }
            return true
        }
        if stopped { return nil }
        for index in (words * 8)..<raw.count {
            hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01B3
        }
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `text` has the shape `of` gives (16 lowercase hex digits): a fingerprint read from a file
    /// becomes part of a file name, so anything else (`../x`) is refused where it is read.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
