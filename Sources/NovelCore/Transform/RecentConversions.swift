import Foundation

/// The alignments (`AlignedConversion`) of the last texts converted in this process, by configuration
/// and the digest of the bytes converted: a text converted again (a chapter laid out anew, a title
/// drawn on every screen) is not converted again. A few dozen entries: what one screen and its
/// neighbours need, not the book. The process shares one; a store of one's own converts everything anew
/// (benchmarks, tests).
public final class RecentConversions: @unchecked Sendable {
    struct Key: Hashable, Sendable {
        var conversion: Conversion
        var source: ByteDigest
    }

    public static let shared = RecentConversions()

    /// How many alignments are kept (about 40 KB each for a long chapter, a few bytes for a title).
    let limit: Int

    public init(limit: Int = 32) { self.limit = limit }

    private var entries: [Key: AlignedConversion] = [:]
    /// Least recently used first.
    private var order: [Key] = []
    private let lock = NSLock()

    func lookup(_ key: Key) -> AlignedConversion? {
        lock.lock()
        defer { lock.unlock() }
        guard let found = entries[key] else { return nil }
        touch(key)
        return found
    }

    func remember(_ aligned: AlignedConversion, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if entries.updateValue(aligned, forKey: key) == nil {
            order.append(key)
        } else {
            touch(key)
        }
        while order.count > limit { entries[order.removeFirst()] = nil }
    }

    private func touch(_ key: Key) {
        if let index = order.lastIndex(of: key) {
            order.remove(at: index)
            order.append(key)
        }
    }
}
