import Synchronization

/// The alignments (`AlignedConversion`) of the last texts converted in this process, by configuration
/// and the digest of the bytes converted: a text converted again (a chapter laid out anew, a title
/// drawn on every screen) is not converted again. A few dozen entries: what one screen and its
/// neighbours need, not the book. The process shares one; a store of one's own converts everything anew
/// (benchmarks, tests).
public final class RecentConversions: Sendable {
    struct Key: Hashable, Sendable {
        var conversion: Conversion
        var source: ByteDigest
    }

    public static let shared = RecentConversions()

    /// How many alignments are kept (about 40 KB each for a long chapter, a few bytes for a title).
    let limit: Int

    private let store: Mutex<LRUCache<Key, AlignedConversion>>

    public init(limit: Int = 32) {
        self.limit = limit
        store = Mutex(LRUCache(capacity: limit))
    }

    func lookup(_ key: Key) -> AlignedConversion? {
        store.withLock { $0.value(for: key) }
    }

    func remember(_ aligned: AlignedConversion, for key: Key) {
        store.withLock { $0.insert(aligned, for: key) }
    }

    /// How many alignments are kept now.
    var count: Int { store.withLock { $0.count } }
}
