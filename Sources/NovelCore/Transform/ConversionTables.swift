import Foundation

/// An OpenCC configuration as novel converts with it (`PhraseConversion`): stage 0 segments the text,
/// each later stage converts every segment; a stage's tables are tried in order, the first that holds a
/// key at a place giving its longest one (OpenCC's dictionary groups). Made once per machine from what
/// OpenCC itself loads (`OpenCCDictionaries`) and kept in one file under the cache folder, which the next
/// process maps instead of having OpenCC build its lexicons again, which costs far more than the map
/// (docs/benchmarks.md, *Costs behind the code's shape*).
///
/// The file: a magic line; a record (`BinaryRecordWriter`) of OpenCC's stamp, each table's slot and
/// pool sizes and each stage's table numbers; then, 16-byte aligned, each table's slots and pool. It is
/// read in place, so its sizes are checked against the file here and every slot when it is read
/// (`ConversionTable`).
final class ConversionTables: @unchecked Sendable {
    // Immutable after init, and the memory under it is never written: safe to share between threads.
    let stages: [[ConversionTable]]
    /// What the tables were made from (`ChineseConverter.stamp`).
    let stamp: String
    private let storage: Storage

    static let magic = Array("NOVELOCC1\n".utf8)
    private static let alignment = 16

    /// What keeps the bytes the tables point into.
    private enum Storage {
        case mapped(MappedFile)
        case owned(UnsafeMutableRawBufferPointer)
    }

    deinit {
        if case .owned(let memory) = storage { memory.deallocate() }
    }

    /// One table as it is made: its slots and pool (`ConversionTableBuilder`).
    struct Table {
        var slots: [UInt32]
        var pool: [UInt8]
    }

    /// The file's bytes for `tables` used by `stages` (each a list of table numbers; stage 0 segments).
    static func encode(stamp: String, tables: [Table], stages: [[Int]]) -> [UInt8] {
        var header = BinaryRecordWriter()
        header.string(stamp)
        header.integer(tables.count)
        for table in tables {
            header.integer(table.slots.count / ConversionTable.wordsPerSlot)
            header.integer(table.pool.count)
        }
        header.integer(stages.count)
        for stage in stages {
            header.integer(stage.count)
            for number in stage { header.integer(number) }
        }
        var bytes = magic + header.bytes
        func pad() { bytes += [UInt8](repeating: 0, count: (alignment - bytes.count % alignment) % alignment) }
        pad()
        for table in tables {
            table.slots.withUnsafeBytes { bytes.append(contentsOf: $0) }
            bytes += table.pool
            pad()
        }
        return bytes
    }

    /// The file's bytes for `stages` (stage 0 segments) of dictionaries given as (key, value) pairs, each
    /// dictionary a table of its own.
    static func encode(stamp: String, stages: [[[(key: [UInt8], value: [UInt8])]]]) -> [UInt8] {
        var tables: [Table] = []
        var numbers: [[Int]] = []
        for stage in stages {
            numbers.append([])
            for dictionary in stage {
                var builder = ConversionTableBuilder(nodes: ConversionTableBuilder.nodeBound(dictionary.map(\.key)))
                for (key, value) in dictionary {
                    key.withUnsafeBufferPointer { key in
                        value.withUnsafeBufferPointer { builder.add(key: key, value: $0) }
                    }
                }
                tables.append(Table(slots: builder.slots, pool: builder.pool))
                numbers[numbers.count - 1].append(tables.count - 1)
            }
        }
        return encode(stamp: stamp, tables: tables, stages: numbers)
    }

    /// The tables in `bytes` (a copy is kept), or nil when they are not a whole, well-formed file.
    static func copying(_ bytes: [UInt8]) -> ConversionTables? {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: alignment)
        memory.copyBytes(from: bytes)
        guard
            let tables = ConversionTables(
                region: UnsafeRawBufferPointer(rebasing: memory[0..<bytes.count]), storage: .owned(memory))
        else {
            // A failed init does not run deinit.
            memory.deallocate()
            return nil
        }
        return tables
    }

    /// The tables in file `path`, mapped; nil when it is missing, damaged or made from other data than
    /// `stamp` says.
    static func read(_ path: String, stamp: String) -> ConversionTables? {
        // O_NONBLOCK: opening a FIFO planted in its place must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let mapped = MappedFile(descriptor: descriptor, size: Int(info.st_size))
        else { return nil }
        let tables = ConversionTables(
            region: UnsafeRawBufferPointer(start: mapped.base, count: mapped.count), storage: .mapped(mapped))
        return tables?.stamp == stamp ? tables : nil
    }

    private init?(region: UnsafeRawBufferPointer, storage: Storage) {
        self.storage = storage
        guard let base = region.baseAddress, Int(bitPattern: base) % Self.alignment == 0,
            region.count >= Self.magic.count, region.prefix(Self.magic.count).elementsEqual(Self.magic)
        else { return nil }
        var reader = BinaryRecordReader(bytes: UnsafeRawBufferPointer(rebasing: region[Self.magic.count...]))
        guard let stamp = reader.string(), let tableCount = reader.integer(), (0...64).contains(tableCount) else {
            return nil
        }
        var sizes: [(slots: Int, pool: Int)] = []
        for _ in 0..<tableCount {
            guard let slots = reader.integer(), let pool = reader.integer(), slots > 0, slots & (slots - 1) == 0,
                slots <= 1 << 28, (0...(1 << 30)).contains(pool)
            else { return nil }
            sizes.append((slots, pool))
        }
        guard let stageCount = reader.integer(), (1...64).contains(stageCount) else { return nil }
        var numbers: [[Int]] = []
        for _ in 0..<stageCount {
            guard let count = reader.integer(), (0...64).contains(count) else { return nil }
            var stage: [Int] = []
            for _ in 0..<count {
                guard let number = reader.integer(), sizes.indices.contains(number) else { return nil }
                stage.append(number)
            }
            numbers.append(stage)
        }
        func aligned(_ offset: Int) -> Int { (offset + Self.alignment - 1) / Self.alignment * Self.alignment }
        var offset = aligned(Self.magic.count + reader.offset)
        var tables: [ConversionTable] = []
        for size in sizes {
            let slotBytes = size.slots * ConversionTable.wordsPerSlot * 4
            guard offset <= region.count, slotBytes <= region.count - offset,
                size.pool <= region.count - offset - slotBytes
            else { return nil }
            let slots = (base + offset).assumingMemoryBound(to: UInt32.self)
            let pool = UnsafeBufferPointer(
                start: (base + offset + slotBytes).assumingMemoryBound(to: UInt8.self), count: size.pool)
            tables.append(ConversionTable(slots: slots, mask: size.slots - 1, pool: pool))
            offset = aligned(offset + slotBytes + size.pool)
        }
        guard offset == region.count else { return nil }
        self.stamp = stamp
        self.stages = numbers.map { $0.map { tables[$0] } }
    }
}
