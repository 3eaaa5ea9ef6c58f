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

    public init(limit: Int = 32) { self.limit = limit }

    private let store = Mutex(Store())

    /// The entries and their order of use.
    private struct Store {
        var entries: [Key: AlignedConversion] = [:]
        /// Least recently used first.
        var order: [Key] = []

        mutating func touch(_ key: Key) {
            if let index = order.lastIndex(of: key) {
                order.remove(at: index)
                order.append(key)
            }
        }
    }

    func lookup(_ key: Key) -> AlignedConversion? {
        store.withLock { store in
            guard let found = store.entries[key] else { return nil }
            store.touch(key)
            return found
        }
    }

    func remember(_ aligned: AlignedConversion, for key: Key) {
        let limit = limit
        store.withLock { store in
            if store.entries.updateValue(aligned, forKey: key) == nil {
                store.order.append(key)
            } else {
                store.touch(key)
            }
            while store.order.count > limit { store.entries[store.order.removeFirst()] = nil }
        }
    }

    /// How many alignments are kept now.
    var count: Int { store.withLock { $0.entries.count } }
}
