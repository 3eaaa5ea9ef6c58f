import CICU

/// Converts bytes in any ICU charset to UTF-8, chunk by chunk. ICU keeps a partial character from the
/// end of one chunk for the next, so no byte is lost at a boundary; every illegal or unmappable
/// sequence becomes U+FFFD and is counted.
///
/// GB18030 and Big5-HKSCS take a quicker road to the same bytes: ASCII is copied and two-byte
/// characters are looked up in a `DoubleByteTable` built from ICU, and ICU's converter sees only what
/// the table does not hold (four-byte sequences, illegal or unmappable bytes, a character cut by a
/// chunk's end). ICU then decodes on until it holds nothing back, so each byte the table decodes is one
/// ICU would have met in its starting state: the output and the count of replaced sequences are ICU's.
public final class StreamingDecoder {
    /// The ICU converter name the decoder was opened with.
    public let encoding: String
    private let decoder: OpaquePointer
    private let scratch: UnsafeMutablePointer<UInt8>
    private static let scratchCapacity = 1 << 16
    /// The two-byte characters ICU's converter is spared, when the charset has a table.
    private let table: DoubleByteTable?
    /// ICU holds part of a sequence (or bytes to read again): it decodes on until it holds nothing.
    private var icuHoldsBytes = false
    /// Whether what the scratch buffer holds is plain (see `decode(_:isLast:emit:)`).
    private var plain = true
    /// How many bytes ICU is handed at a time when it takes over: a GB18030 character's longest.
    private static let handOver = 4

    /// Opens a decoder; throws `.unknownEncoding` when ICU has no converter of that name.
    /// `lookingUp: false` sends every byte through ICU's converter (the reference the table is tested by).
    public init(encoding: String, lookingUp: Bool = true) throws(BookError) {
        var error: Int32 = 0
        guard let decoder = nicu_decoder_open(encoding, &error), error <= 0 else {
            throw .unknownEncoding(name: encoding)
        }
        self.encoding = encoding
        self.decoder = decoder
        scratch = .allocate(capacity: Self.scratchCapacity)
        table = lookingUp ? DoubleByteTable.forEncoding(encoding) : nil
    }

    deinit {
        nicu_decoder_close(decoder)
        scratch.deallocate()
    }

    /// Illegal or unmappable sequences replaced by U+FFFD so far.
    public var invalidSequences: Int { Int(nicu_decoder_invalid_count(decoder)) }

    /// Appends the UTF-8 for `chunk` to `output`. Pass `isLast` with the final chunk (it may be empty)
    /// so that a sequence cut short by the end of the input becomes U+FFFD.
    public func decode(_ chunk: UnsafeBufferPointer<UInt8>, isLast: Bool, into output: inout [UInt8]) throws(BookError)
    {
        try decode(chunk, isLast: isLast) { piece, _ in output.append(contentsOf: piece) }
    }

    /// Hands the UTF-8 for `chunk` to `emit`, a piece at a time (a piece may end inside a character),
    /// with whether the piece is plain: decoded by the table alone, holding no ASCII that
    /// `TextNormaliser` changes (table characters are all U+00A0 or above), so normalising it changes
    /// nothing; a plain piece ends at a character's end.
    func decode(
        _ chunk: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: Emit
    ) throws(BookError) {
        var used = 0
        if let table {
            if let base = chunk.baseAddress {
                used = try decode(base, count: chunk.count, lookingUpIn: table.entries, emit: emit)
            }
            if isLast {
                used = try convertWithICU(
                    UnsafeBufferPointer(start: nil, count: 0), flush: true, used: used, emit: emit)
                icuHoldsBytes = false
            }
        } else {
            used = try convertWithICU(chunk, flush: isLast, used: used, emit: emit)
        }
        if used > 0 { emit(UnsafeBufferPointer(start: scratch, count: used), plain) }
        plain = true
    }

    /// Receives a piece of the output and whether it is plain (see `decode(_:isLast:emit:)`).
    typealias Emit = (UnsafeBufferPointer<UInt8>, _ plain: Bool) -> Void

    /// Decodes `count` bytes at `base` through the table, handing ICU what it does not hold; returns how
    /// much of the scratch buffer is filled and not yet emitted.
    private func decode(
        _ base: UnsafePointer<UInt8>, count: Int, lookingUpIn entries: UnsafePointer<UInt32>,
        emit: Emit
    ) throws(BookError) -> Int {
        // An entry is stored as four bytes whatever its length: keep that much room at the end.
        let limit = Self.scratchCapacity - 4
        let scratch = scratch
        var used = 0
        var index = 0
        while index < count {
            if !icuHoldsBytes {
                while index < count, used < limit {
                    let byte = base[index]
                    if byte < 0x80 {
                        if TextNormaliser.changes(asciiByte: byte) { plain = false }
                        scratch[used] = byte
                        used += 1
                        index += 1
                        continue
                    }
                    guard index + 1 < count else { break }
                    let entry = entries[Int(byte) << 8 | Int(base[index + 1])]
                    if entry == 0 { break }
                    UnsafeMutableRawPointer(scratch + used).storeBytes(of: entry.littleEndian, as: UInt32.self)
                    used += Int(entry >> 24)
                    index += 2
                }
                if index == count { break }
                if used >= limit {
                    emit(UnsafeBufferPointer(start: scratch, count: used), plain)
                    used = 0
                    plain = true
                    continue
                }
            }
            // A byte the table does not decode, or ICU still holding some: ICU goes on from here.
            let end = min(count, index + Self.handOver)
            used = try convertWithICU(
                UnsafeBufferPointer(start: base + index, count: end - index), flush: false, used: used, emit: emit)
            index = end
            icuHoldsBytes = nicu_decoder_pending(decoder) > 0
        }
        return used
    }

    /// ICU's converter decodes `source` into the scratch buffer after its first `used` bytes, handing
    /// `emit` the buffer whenever it fills; returns how much of it is filled and not yet emitted.
    private func convertWithICU(
        _ source: UnsafeBufferPointer<UInt8>, flush: Bool, used: Int, emit: Emit
    ) throws(BookError) -> Int {
        var used = used
        plain = false
        var offset = 0
        while true {
            var consumed: Int64 = 0
            var error: Int32 = 0
            let start = source.baseAddress.map { $0 + offset }
            let written = nicu_decoder_convert(
                decoder, start, Int64(source.count - offset), &consumed, scratch + used,
                Int64(Self.scratchCapacity - used), flush ? 1 : 0, &error)
            used += Int(written)
            offset += Int(consumed)
            if error == 15 {  // U_BUFFER_OVERFLOW_ERROR: the scratch buffer is full, go on
                emit(UnsafeBufferPointer(start: scratch, count: used), false)
                used = 0
                continue
            }
            if error > 0 {
                throw .undecodable(path: "", encoding: encoding, reason: Self.errorName(error))
            }
            return used
        }
    }

    /// Decodes all of `bytes` in chunks of `chunkSize` bytes. `normalising` runs `TextNormaliser` over
    /// the output as it comes (the result is the same as normalising it afterwards, without a second
    /// copy of the book); `releasingMappedInput` lets the pages of a mapped file go as they are
    /// decoded (never pass it for memory of one's own: the pages would read back as zeros).
    public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: String, chunkSize: Int = 1 << 20, normalising: Bool = false,
        releasingMappedInput: Bool = false, progress: LoadStep = .none, lookingUp: Bool = true
    )
        throws(BookError) -> (utf8: [UInt8], invalidSequences: Int)
    {
        let decoder = try StreamingDecoder(encoding: encoding, lookingUp: lookingUp)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2 + 16)
        var normaliser = normalising ? StreamingNormaliser() : nil
        var start = 0
        repeat {
            let end = min(bytes.count, start + max(1, chunkSize))
            let isLast = end == bytes.count
            try decoder.decode(UnsafeBufferPointer(rebasing: bytes[start..<end]), isLast: isLast) { piece, plain in
                if normaliser != nil {
                    normaliser?.append(piece, plain: plain, to: &output)
                } else {
                    output.append(contentsOf: piece)
                }
            }
            if releasingMappedInput { MappedFile.release(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
            start = end
            progress.reached(start, of: bytes.count)
        } while start < bytes.count
        normaliser?.finish(to: &output)
        return (output, decoder.invalidSequences)
    }

    /// Decodes all of `bytes`; see `decode(_:encoding:chunkSize:)`.
    public static func decode(_ bytes: [UInt8], encoding: String, chunkSize: Int = 1 << 20, lookingUp: Bool = true)
        throws(BookError) -> (utf8: [UInt8], invalidSequences: Int)
    {
        try bytes.withUnsafeBufferPointer { buffer throws(BookError) in
            try decode(buffer, encoding: encoding, chunkSize: chunkSize, lookingUp: lookingUp)
        }
    }

    static func errorName(_ error: Int32) -> String {
        guard let name = nicu_error_name(error) else { return "ICU error \(error)" }
        return String(cString: name)
    }
}
