/// One OpenCC dictionary as novel keeps it (`ConversionTables`): a trie over the keys' scalars whose
/// edges are one open-addressing hash table, (parent node, scalar) → child node, each child carrying the
/// value of the key that ends there. A node is the index of its edge's slot plus one; the root is 0.
/// The table is read in place from a mapped file, so every value read from it is checked before use: a
/// damaged slot is a missing key, never a read out of bounds or a value that is not UTF-8.
///
/// A slot is four little-endian 32-bit words: parent, scalar (0: empty), the value's offset in the pool
/// and its length plus one (0: no key ends here).
struct ConversionTable {
    static let wordsPerSlot = 4
    /// What a byte that does not start a well-formed sequence is matched as: no edge holds it.
    static let notAScalar: UInt32 = 0x11_0000

    let slots: UnsafePointer<UInt32>
    /// The number of slots less one (the count is a power of two).
    let mask: Int
    let pool: UnsafeBufferPointer<UInt8>

    /// The child of `parent` along `scalar`, or nil.
    @inline(__always)
    func child(of parent: UInt32, along scalar: UInt32) -> Int? {
        guard scalar != 0, scalar != Self.notAScalar else { return nil }
        var slot = Self.hash(parent, scalar) & mask
        // A table is never full when written; a damaged one is probed at most once around.
        for _ in 0...mask {
            let words = slots + slot * Self.wordsPerSlot
            let found = UInt32(littleEndian: words[1])
            if found == 0 { return nil }
            if found == scalar, UInt32(littleEndian: words[0]) == parent { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The value of the key that ends at the node of `slot`, if one does and it can be shown: valid
    /// UTF-8 inside the pool, without NUL.
    @inline(__always)
    func value(at slot: Int) -> UnsafeBufferPointer<UInt8>? {
        let words = slots + slot * Self.wordsPerSlot
        let lengthPlusOne = Int(UInt32(littleEndian: words[3]))
        guard lengthPlusOne > 0 else { return nil }
        let offset = Int(UInt32(littleEndian: words[2]))
        guard offset <= pool.count, lengthPlusOne - 1 <= pool.count - offset else { return nil }
        let value = UnsafeBufferPointer(rebasing: pool[offset..<(offset + lengthPlusOne - 1)])
        guard !value.contains(0), UTF8Validator.isValid(value) else { return nil }
        return value
    }

    /// The longest key that starts at `start` of `text` and ends by `end`: where it ends and its value.
    @inline(__always)
    func longestMatch(in text: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (
        end: Int, value: UnsafeBufferPointer<UInt8>
    )? {
        var node: UInt32 = 0
        var index = start
        var found: (end: Int, value: UnsafeBufferPointer<UInt8>)?
        while index < end {
            let (scalar, next) = Self.scalar(in: text, at: index, end: end)
            guard let slot = child(of: node, along: scalar) else { break }
            index = next
            node = UInt32(truncatingIfNeeded: slot + 1)
            if let value = value(at: slot) { found = (index, value) }
        }
        return found
    }

    static func hash(_ parent: UInt32, _ scalar: UInt32) -> Int {
        var mixed = UInt64(parent) << 21 ^ UInt64(scalar)
        mixed = (mixed ^ mixed >> 31) &* 0x7FB5_D329_728E_A185
        mixed = (mixed ^ mixed >> 27) &* 0x81DA_DEF4_BC2D_D44D
        return Int(truncatingIfNeeded: mixed ^ mixed >> 33)
    }

    /// The scalar at `index` of `text` and where the next one starts; a byte that does not start a
    /// well-formed sequence (or one cut by `end`) is `notAScalar`, one byte long.
    @inline(__always)
    static func scalar(in text: UnsafePointer<UInt8>, at index: Int, end: Int) -> (UInt32, Int) {
        guard let decoded = decodeWellFormedScalar(text, at: index, end: end) else { return (notAScalar, index + 1) }
        return (decoded.value, index + decoded.length)
    }
}

/// Builds a `ConversionTable`'s slots and pool from a dictionary's keys and values.
struct ConversionTableBuilder {
    private(set) var slots: [UInt32]
    private(set) var pool: [UInt8] = []
    private let mask: Int

    /// Room for `nodes` nodes at a load of at most a half (`nodeBound` counts them for a list of keys).
    init(nodes: Int) {
        var count = 16
        while count < nodes * 2 { count *= 2 }
        slots = [UInt32](repeating: 0, count: count * ConversionTable.wordsPerSlot)
        mask = count - 1
    }

    var slotCount: Int { mask + 1 }

    /// At least as many as the trie of `keys` has nodes, and as many when they are sorted (as OpenCC's
    /// lexicons are): each key adds the scalars it does not share with the key before it.
    static func nodeBound<Key: RandomAccessCollection<UInt8>>(_ keys: [Key]) -> Int where Key.Index == Int {
        var bound = 0
        var previous: Key?
        for key in keys {
            var shared = 0
            if let previous {
                let limit = min(key.count, previous.count)
                while shared < limit, key[key.startIndex + shared] == previous[previous.startIndex + shared] {
                    shared += 1
                }
            }
            // Back to the start of the scalar the keys part in.
            while shared > 0, shared < key.count, key[key.startIndex + shared] & 0xC0 == 0x80 { shared -= 1 }
            bound += key.dropFirst(shared).reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            previous = key
        }
        return bound
    }

    /// Adds `key` with `value`; the first value given for a key is kept, as a dictionary holds each key
    /// once. Keys with a NUL or an ill-formed sequence cannot match text, and values that are not valid
    /// UTF-8 without NUL cannot be shown: such pairs are left out.
    mutating func add(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        guard let base = key.baseAddress, !key.isEmpty, !value.contains(0), UTF8Validator.isValid(value) else { return }
        var node: UInt32 = 0
        var index = 0
        var slot = 0
        while index < key.count {
            let (scalar, next) = ConversionTable.scalar(in: base, at: index, end: key.count)
            guard scalar != 0, scalar != ConversionTable.notAScalar, let found = findOrInsert(node, scalar) else {
                return
            }
            slot = found
            node = UInt32(truncatingIfNeeded: slot + 1)
            index = next
        }
        let at = slot * ConversionTable.wordsPerSlot
        guard slots[at + 3] == 0 else { return }
        slots[at + 2] = UInt32(pool.count).littleEndian
        slots[at + 3] = UInt32(value.count + 1).littleEndian
        pool.append(contentsOf: value)
    }

    /// The slot of the edge from `parent` along `scalar`, made when missing; nil when the table is full
    /// (never with `nodeBound`'s room).
    private mutating func findOrInsert(_ parent: UInt32, _ scalar: UInt32) -> Int? {
        var slot = ConversionTable.hash(parent, scalar) & mask
        for _ in 0...mask {
            let at = slot * ConversionTable.wordsPerSlot
            if slots[at + 1] == 0 {
                slots[at] = parent.littleEndian
                slots[at + 1] = scalar.littleEndian
                return slot
            }
            if slots[at + 1] == scalar.littleEndian, slots[at] == parent.littleEndian { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
