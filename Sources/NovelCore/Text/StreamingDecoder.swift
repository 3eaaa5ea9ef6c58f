import CICU

/// Converts bytes in any ICU charset to UTF-8, chunk by chunk. ICU keeps a partial character from the
/// end of one chunk for the next, so no byte is lost at a boundary; every illegal or unmappable
/// sequence becomes U+FFFD and is counted.
public final class StreamingDecoder {
    /// The ICU converter name the decoder was opened with.
    public let encoding: String
    private let decoder: OpaquePointer
    private let scratch: UnsafeMutablePointer<UInt8>
    private static let scratchCapacity = 1 << 16

    /// Opens a decoder; throws `.unknownEncoding` when ICU has no converter of that name.
    public init(encoding: String) throws(BookError) {
        var error: Int32 = 0
        guard let decoder = nicu_decoder_open(encoding, &error), error <= 0 else {
            throw .unknownEncoding(name: encoding)
        }
        self.encoding = encoding
        self.decoder = decoder
        scratch = .allocate(capacity: Self.scratchCapacity)
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
        try decode(chunk, isLast: isLast) { output.append(contentsOf: $0) }
    }

    /// Hands the UTF-8 for `chunk` to `emit`, a piece at a time (a piece may end inside a character).
    func decode(
        _ chunk: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(BookError) {
        var offset = 0
        while true {
            var consumed: Int64 = 0
            var error: Int32 = 0
            let source = chunk.baseAddress.map { $0 + offset }
            let written = nicu_decoder_convert(
                decoder, source, Int64(chunk.count - offset), &consumed, scratch, Int64(Self.scratchCapacity),
                isLast ? 1 : 0, &error)
            emit(UnsafeBufferPointer(start: scratch, count: Int(written)))
            offset += Int(consumed)
            if error == 15 { continue }  // U_BUFFER_OVERFLOW_ERROR: the scratch buffer is full, go on
            if error > 0 {
                throw .undecodable(path: "", encoding: encoding, reason: Self.errorName(error))
            }
            return
        }
    }

    /// Decodes all of `bytes` in chunks of `chunkSize` bytes. `normalising` runs `TextNormaliser` over
    /// the output as it comes (the result is the same as normalising it afterwards, without a second
    /// copy of the book); `releasingMappedInput` lets the pages of a mapped file go as they are
    /// decoded (never pass it for memory of one's own: the pages would read back as zeros).
    public static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, encoding: String, chunkSize: Int = 1 << 20, normalising: Bool = false,
        releasingMappedInput: Bool = false, progress: LoadStep = .none
    )
        throws(BookError) -> (utf8: [UInt8], invalidSequences: Int)
    {
        let decoder = try StreamingDecoder(encoding: encoding)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2 + 16)
        var normaliser = normalising ? StreamingNormaliser() : nil
        var start = 0
        repeat {
            let end = min(bytes.count, start + max(1, chunkSize))
            let isLast = end == bytes.count
            try decoder.decode(UnsafeBufferPointer(rebasing: bytes[start..<end]), isLast: isLast) { piece in
                if normaliser != nil {
                    normaliser?.append(piece, to: &output)
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
    public static func decode(_ bytes: [UInt8], encoding: String, chunkSize: Int = 1 << 20)
        throws(BookError) -> (utf8: [UInt8], invalidSequences: Int)
    {
        try bytes.withUnsafeBufferPointer { buffer throws(BookError) in
            try decode(buffer, encoding: encoding, chunkSize: chunkSize)
        }
    }

    static func errorName(_ error: Int32) -> String {
        guard let name = nicu_error_name(error) else { return "ICU error \(error)" }
        return String(cString: name)
    }
}
