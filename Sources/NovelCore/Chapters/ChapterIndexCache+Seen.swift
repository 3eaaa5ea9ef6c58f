import Foundation

/// Whether an index may be in the cache for a text, known before its fingerprint: a long book's open
/// splits it beside the fingerprint (the split stops when the lookup finds the index), and when an index
/// is there that split only slows the fingerprint down. So beside each stored index an empty file is
/// named by a key read from a few samples of the text (its length, its first and last 64 KB and eight
/// blocks between, as `AppendProbe` samples a file): when it is there, the open takes the fingerprint
/// and looks up first, as for a short book. The key only chooses the order of the work; the index is
/// still found by the fingerprint alone.
extension ChapterIndexCache {
    /// The samples' key: a digest of each sampled range, together with the text's length.
    static func sampleKey(_ text: some BorrowableBytes) -> String {
        text.withUnsafeBufferPointer { bytes in
            var high = UInt64(bytes.count)
            var low = ~UInt64(bytes.count)
            for range in AppendProbe.ranges(size: bytes.count) {
                let digest = ByteDigest.of(UnsafeBufferPointer(rebasing: bytes[range]))
                high = (high ^ digest.high) &* 0x100_0000_01B3
                low = (low ^ digest.low) &* 0x100_0000_01B3
            }
            return String(high, radix: 16) + String(low, radix: 16)
        }
    }

    func seenFile(sampleKey: String) -> String {
        directory + "/chapters-\(sampleKey).seen"
    }

    /// Whether an index was stored for a text with these samples (maybe another text, maybe since
    /// removed: the lookup by fingerprint decides).
    public func maySeeIndex(sampleKey: String) -> Bool {
        access(seenFile(sampleKey: sampleKey), F_OK) == 0
    }

    /// Marks that an index was stored for a text with these samples. Best effort, as the index itself.
    public func markSeen(sampleKey: String) {
        write([], to: seenFile(sampleKey: sampleKey))
    }
}
