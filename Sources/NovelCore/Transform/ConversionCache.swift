import Foundation

/// The conversions a launch shows, kept on disk so that reopening a book with a conversion on draws
/// its first screen without OpenCC (whose `s2t` alone takes 20 ms to load): one small file per book
/// under the cache folder, holding the alignments (`AlignedConversion`) of the chapters the reader was
/// at when it closed and of their titles, the last `limit` of them.
///
/// An entry can never be stale: the file names the book's fingerprint, the configuration and OpenCC's
/// stamp (its code's and the configuration files' size and modification time,
/// `ChineseConverter.stamp`), and each entry is keyed by the length and 128-bit digest of the very
/// bytes it converts (the chapter as the other transforms show it, wherever in the book it lies). A
/// file whose checksum, key or shape does not match is ignored as a whole.
public struct ConversionCache: Sendable {
    public let directory: String
    static let magic: [UInt8] = Array("NVCV1\n".utf8)
    /// Alignments kept per book: a chapter and its title for each of the last few places read.
    public static let limit = 8

    public init(directory: String) {
        self.directory = directory
    }

    func file(fingerprint: String) -> String {
        directory + "/converted-\(fingerprint).bin"
    }

    /// Puts the book's stored conversions for `conversion` where the conversion finds them
    /// (`RecentConversions`); returns how many there were. Nothing for `none`, an unknown book, a
    /// missing or damaged file, or one made for other OpenCC data.
    @discardableResult
    public func load(fingerprint: String, conversion: Conversion) -> Int {
        load(fingerprint: fingerprint, conversion: conversion, into: .shared)
    }

    func load(fingerprint: String, conversion: Conversion, into recent: RecentConversions) -> Int {
        guard conversion != .none, !fingerprint.isEmpty, let stamp = ChineseConverter.stamp(conversion) else { return 0 }
        let stored = read(fingerprint: fingerprint, conversion: conversion, stamp: stamp)
        for (digest, aligned) in stored.reversed() {
            recent.remember(aligned, for: RecentConversions.Key(conversion: conversion, source: digest))
        }
        return stored.count
    }

    /// Stores the conversions of chapters `entries` of `book` and of their titles, as far as this
    /// process has them at hand (nothing is converted here), before the ones stored already, the
    /// newest `limit` kept. Best effort: a cache that cannot be written only costs OpenCC's load next time.
    public func save(book: Book, entries: [Int], options: DisplayOptions) {
        save(book: book, entries: entries, options: options, from: .shared)
    }

    func save(book: Book, entries: [Int], options: DisplayOptions, from recent: RecentConversions) {
        let conversion = options.convert
        guard conversion != .none, !book.fingerprint.isEmpty, let stamp = ChineseConverter.stamp(conversion) else { return }
        var fresh: [(ByteDigest, AlignedConversion)] = []
        func add(_ digest: ByteDigest) {
            guard !fresh.contains(where: { $0.0 == digest }),
                let aligned = recent.lookup(RecentConversions.Key(conversion: conversion, source: digest))
            else { return }
            fresh.append((digest, aligned))
        }
        for entry in entries where book.index.entries.indices.contains(entry) {
            if let source = DisplayTransform.conversionSource(book, entry: entry, options: options) { add(ByteDigest.of(source.utf8)) }
            add(ByteDigest.of(Array(book.index.entries[entry].title.utf8)))
        }
        guard !fresh.isEmpty else { return }
        let old = read(fingerprint: book.fingerprint, conversion: conversion, stamp: stamp)
        let kept = Array((fresh + old.filter { stored in !fresh.contains { $0.0 == stored.0 } }).prefix(Self.limit))
        // Closed where it was opened: nothing to write (and no fsync on the way out).
        guard !kept.map(\.0).elementsEqual(old.map(\.0)) else { return }
        try? AtomicFile.write(
            Data(encode(kept, fingerprint: book.fingerprint, conversion: conversion, stamp: stamp)),
            to: file(fingerprint: book.fingerprint))
    }

    // MARK: - The file

    func encode(
        _ entries: [(ByteDigest, AlignedConversion)], fingerprint: String, conversion: Conversion, stamp: String
    ) -> [UInt8] {
        var payload = BinaryRecordWriter()
        payload.string(fingerprint)
        payload.string(conversion.rawValue)
        payload.string(stamp)
        payload.integer(entries.count)
        for (digest, aligned) in entries {
            payload.integer(digest.count)
            payload.integer(Int(bitPattern: UInt(digest.high)))
            payload.integer(Int(bitPattern: UInt(digest.low)))
            payload.integer(aligned.changes ? 1 : 0)
            payload.raw(aligned.shown)
            payload.integer(aligned.steps.count)
            for step in aligned.steps {
                payload.integer(step.sourceEnd)
                payload.integer(step.shownEnd)
                payload.integer(step.replaced ? 1 : 0)
            }
        }
        var file = BinaryRecordWriter()
        let sum = ByteDigest.of(payload.bytes)
        file.integer(Int(bitPattern: UInt(sum.high)))
        file.integer(Int(bitPattern: UInt(sum.low)))
        file.raw(payload.bytes)
        return Self.magic + file.bytes
    }

    /// The stored entries, newest first, or none when the file is missing, damaged or made for another
    /// book, configuration or OpenCC.
    func read(fingerprint: String, conversion: Conversion, stamp: String) -> [(ByteDigest, AlignedConversion)] {
        // open(2), not FileManager: read before a reopen's first screen.
        guard let data = try? BookFile.read(file(fingerprint: fingerprint)) else { return [] }
        return data.withUnsafeBytes { raw -> [(ByteDigest, AlignedConversion)]? in
            var file = BinaryRecordReader(bytes: raw)
            guard file.take(Self.magic.count).map(Array.init) == Self.magic, let high = file.integer(),
                let low = file.integer(), let payloadBytes = file.rawString(), file.isAtEnd
            else { return nil }
            let sum = ByteDigest.of(payloadBytes)
            guard sum.high == UInt64(UInt(bitPattern: high)), sum.low == UInt64(UInt(bitPattern: low)) else { return nil }
            var reader = BinaryRecordReader(bytes: UnsafeRawBufferPointer(payloadBytes))
            guard reader.string() == fingerprint, reader.string() == conversion.rawValue, reader.string() == stamp,
                let count = reader.integer(), (0...Self.limit).contains(count)
            else { return nil }
            var entries: [(ByteDigest, AlignedConversion)] = []
            for _ in 0..<count {
                guard let length = reader.integer(), length >= 0, let high = reader.integer(), let low = reader.integer(),
                    let changes = reader.integer(), let shown = reader.rawString(), let stepCount = reader.integer(),
                    (0...(length + shown.count + 1)).contains(stepCount)
                else { return nil }
                var steps: [AlignedConversion.Step] = []
                steps.reserveCapacity(stepCount)
                for _ in 0..<stepCount {
                    guard let sourceEnd = reader.integer(), let shownEnd = reader.integer(), let replaced = reader.integer()
                    else { return nil }
                    steps.append(AlignedConversion.Step(sourceEnd: sourceEnd, shownEnd: shownEnd, replaced: replaced != 0))
                }
                guard let aligned = AlignedConversion(restoring: Array(shown), steps: steps, changes: changes != 0, sourceCount: length)
                else { return nil }
                let digest = ByteDigest(count: length, high: UInt64(UInt(bitPattern: high)), low: UInt64(UInt(bitPattern: low)))
                entries.append((digest, aligned))
            }
            return reader.isAtEnd ? entries : nil
        } ?? []
    }
}
