import CICU
import Foundation

/// Opens a book file and turns its bytes into `BookText`.
///
/// Order of decisions: a forced encoding; a byte-order mark; UTF-16 without a mark (before the binary
/// check, since UTF-16 is full of NULs); refusal of binary files; strict UTF-8 over the whole file;
/// UTF-8 with a few damaged bytes; ICU's detector over samples from the start, middle and end.
public enum BookLoader {
    /// Reads and decodes the file at `path`; `encoding` (any ICU converter name or alias) overrides detection.
    /// `progress` hears how far the passes over the file have got.
    public static func load(path: String, encoding: String? = nil, progress: LoadStep = .none) throws(BookError)
        -> BookText
    {
        let (bytes, status) = try BookFile.mapWithStatus(path)
        return try load(bytes, status: status, path: path, encoding: encoding, progress: progress)
    }

    /// Decodes the file's bytes as `BookFile.mapWithStatus` gave them (`status` is the file's), so that
    /// the opener can look at them first (a zip archive is an EPUB, never text) without reading again.
    /// With `fingerprinting`, a long text that is the file's bytes comes with its fingerprint, taken beside
    /// the UTF-8 check (`BookText.verbatimFingerprint`).
    static func load(
        _ bytes: TextBytes, status: stat, path: String, encoding: String? = nil, fingerprinting: Bool = false,
        progress: LoadStep = .none
    ) throws(BookError) -> BookText {
        // Taken before decoding, which lets the mapped pages go.
        let probe = AppendProbe(status: status, bytes: bytes)
        var text = try decode(bytes, path: path, encoding: encoding, fingerprinting: fingerprinting, progress: progress)
        text.fileIdentity = FileIdentity(status)
        text.appendProbe = probe
        return text
    }

    /// Decodes raw file bytes; see `load(path:encoding:)`. `detectionLimit` hands ICU's detector only the
    /// first bytes (a preview of the first screen: detection runs at a few MB/s).
    public static func decode(
        _ bytes: [UInt8], path: String, encoding forced: String? = nil, detectionLimit: Int? = nil
    ) throws(BookError) -> BookText {
        try decode(TextBytes(bytes), path: path, encoding: forced, detectionLimit: detectionLimit)
    }

    /// Decodes `bytes`; when they are already the text (UTF-8 without a mark, nothing to normalise) the
    /// text is `bytes` itself, so a mapped file stays mapped and is never copied. With `fingerprinting`, a
    /// long text's fingerprint is taken on another core beside its UTF-8 check, on speculation that the
    /// text is the bytes: the opener needs it, and the hash is a chain of steps that one core alone can
    /// take, which beside the split took longer than the split (docs/benchmarks.md).
    public static func decode(
        _ bytes: TextBytes, path: String, encoding forced: String? = nil, detectionLimit: Int? = nil,
        fingerprinting: Bool = false, progress: LoadStep = .none
    ) throws(BookError) -> BookText {
        if bytes.isEmpty { throw .empty(path: path) }
        // A mapped file's pages are let go behind the decoder: the decoded copy is the one kept.
        let release = bytes.isMapped
        return try bytes.withUnsafeBufferPointer { buffer throws(BookError) in
            func convert(
                _ bytes: UnsafeBufferPointer<UInt8>, from charset: String, source: EncodingSource
            ) throws(BookError) -> BookText {
                try BookLoader.convert(
                    bytes, from: charset, path: path, source: source, total: buffer.count, release: release,
                    progress: progress)
            }
            if let forced {
                let decoder = EncodingNames.decoder(forForced: forced, canonical: try canonicalEncodingName(forced))
                return try convert(buffer, from: decoder, source: .forced)
            }
            if let mark = ByteOrderMark.detect(buffer) {
                let body = UnsafeBufferPointer(rebasing: buffer[mark.bytes.count...])
                if mark == .utf8, UTF8Validator.isValid(body) {
                    return BookText(
                        utf8: TextNormaliser.normalised(body) ?? Array(body), encoding: "UTF-8",
                        encodingSource: .byteOrderMark, invalidSequences: 0, sourceByteCount: bytes.count)
                }
                return try convert(body, from: mark.encoding, source: .byteOrderMark)
            }
            if let utf16 = UTF16Sniffer.guess(buffer) {
                return try convert(buffer, from: utf16.encoding, source: .detected(confidence: utf16.confidence))
            }
            if let reason = BinarySniffer.reason(buffer) { throw .binary(path: path, reason: reason) }
            var fingerprint: String?
            let utf8 = validatedAndNormalised(
                buffer, progress: progress, releasingMapped: release,
                besideIt: fingerprinting && SideBySide.otherCores > 0
                    ? { textIsNotTheBytes in
                        fingerprint = BookFingerprint.of(buffer, stoppingWhen: textIsNotTheBytes)
                    } : nil)
            if utf8.valid {
                guard let normalised = utf8.normalised else {
                    var text = BookText(
                        bytes: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0,
                        sourceByteCount: bytes.count)
                    text.isVerbatim = true
                    text.verbatimFingerprint = fingerprint
                    return text
                }
                return BookText(
                    utf8: normalised, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0,
                    sourceByteCount: bytes.count)
            }
            if let confidence = damagedUTF8Confidence(buffer) {
                return try convert(buffer, from: "UTF-8", source: .detected(confidence: confidence))
            }
            let guess = EncodingDetector.guess(
                detectionLimit.map { UnsafeBufferPointer(rebasing: buffer[..<min($0, buffer.count)]) } ?? buffer)
            return try convert(buffer, from: guess.encoding, source: .detected(confidence: guess.confidence))
        }
    }

    /// Whether `buffer` is UTF-8 and, when it is, its normalised text (nil: nothing to change), reporting
    /// to `progress`. A long text that starts as UTF-8 is checked in one pass that also finds its first
    /// byte to change, cut into pieces that every core takes (`UTF8Validator.SharedCheck`). When the first
    /// piece holds that byte (a CR LF book), the text is written from it at once, beside the check of the
    /// other pieces, on speculation: the writing stops, and its text is dropped, when a piece turns out
    /// not to be UTF-8 (a Windows-1252 book with an ASCII header, a damaged file). When a later piece holds
    /// it, the text is written after the check.
    /// `besideIt`, when given, runs beside the pieces of a long text on another core, told when the text
    /// turns out not to be the bytes as they are (its answer is then of no use).
    static func validatedAndNormalised(
        _ buffer: UnsafeBufferPointer<UInt8>, progress: LoadStep, releasingMapped: Bool = false,
        besideIt sideJob: ((_ textIsNotTheBytes: () -> Bool) -> Void)? = nil
    ) -> (valid: Bool, normalised: [UInt8]?) {
        guard buffer.count >= SideBySide.besideWorkBytes, startsAsUTF8(buffer) else {
            // Checking and normalising are two passes of about the same cost.
            let halves = progress.parts([1, 1])
            guard UTF8Validator.isValid(buffer, progress: halves[0]) else { return (false, nil) }
            return (
                true,
                TextNormaliser.normalised(buffer, progress: halves[1], stop: nil, releasingMapped: releasingMapped)
            )
        }
        return checkedSideBySide(buffer, progress: progress, releasingMapped: releasingMapped, besideIt: sideJob)
    }

    /// `validatedAndNormalised` of a long text that starts as UTF-8, in pieces of `pieceBytes` (smaller in
    /// tests, to cut real books into many).
    static func checkedSideBySide(
        _ buffer: UnsafeBufferPointer<UInt8>, progress: LoadStep, releasingMapped: Bool = false,
        pieceBytes: Int = UTF8Validator.SharedCheck.pieceBytes,
        besideIt sideJob: ((_ textIsNotTheBytes: () -> Bool) -> Void)? = nil
    ) -> (valid: Bool, normalised: [UInt8]?) {
        let check = UTF8Validator.SharedCheck(buffer, pieceBytes: pieceBytes)
        // The side job first (whichever thread takes it, the other starts on the pieces), then the pieces.
        let sideJobs = sideJob == nil ? 0 : 1
        let outcomes = SideBySide.results(sideJobs + check.pieces.count) { job -> PassOutcome in
            if job < sideJobs {
                sideJob?({ check.textIsNotTheBytes })
                return PassOutcome()
            }
            let number = job - sideJobs
            let answer = check.check(buffer, piece: number)
            progress.reached(check.pieces[number].upperBound, of: buffer.count)
            guard case .valid(let first) = answer else { return PassOutcome(valid: false) }
            guard let first, number == 0 else { return PassOutcome(firstChange: first) }
            // Pages let go behind the normalising pass are read again from the page cache if the check,
            // running beside it, is behind.
            let normalised = TextNormaliser.normalised(
                buffer, from: first, stop: check.notUTF8, releasingMapped: releasingMapped)
            return PassOutcome(firstChange: first, normalised: normalised)
        }
        defer { progress.finish() }
        let passes = outcomes.dropFirst(sideJobs)
        guard passes.count == check.pieces.count, passes.allSatisfy({ $0.valid }) else { return (false, nil) }
        // The pieces' answers in order: the first is the text's first byte to change.
        guard let firstPiece = passes.first(where: { $0.firstChange != nil }), let first = firstPiece.firstChange
        else { return (true, nil) }
        if let normalised = firstPiece.normalised { return (true, normalised) }
        return (true, TextNormaliser.normalised(buffer, from: first, stop: nil, releasingMapped: releasingMapped))
    }

    /// What one piece of `validatedAndNormalised` found: whether it is UTF-8, its first byte to change and,
    /// for the first piece, the text written from it.
    private struct PassOutcome {
        var valid = true
        var firstChange: Int?
        var normalised: [UInt8]?
    }

    /// Whether the first `utf8SampleBytes` of `buffer` are UTF-8 (a book in a legacy encoding mostly
    /// shows it there); a sequence cut by the sample's end is no sign of another encoding.
    static func startsAsUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = UnsafeBufferPointer(rebasing: buffer[..<min(buffer.count, utf8SampleBytes)])
        return UTF8Validator.firstInvalidOffset(start).map { $0 >= start.count - 3 } ?? true
    }

    /// How much of a long text's start is checked before its normalising pass runs beside the check.
    static let utf8SampleBytes = 1 << 16

    /// The canonical ICU name for `name`, or `.unknownEncoding`.
    public static func canonicalEncodingName(_ name: String) throws(BookError) -> String {
        var error: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 128)
        _ = nicu_converter_canonical_name(name, &buffer, Int32(buffer.count), &error)
        if error > 0 || name.isEmpty { throw .unknownEncoding(name: name) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A confidence when `bytes` is UTF-8 with a few ill-formed sequences (at least four well-formed
    /// multi-byte characters per bad one in the samples), else nil.
    static func damagedUTF8Confidence(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var multibyte = 0
        var invalid = 0
        for range in SampleRanges.of(count: bytes.count) {
            let counts = UTF8Validator.survey(UnsafeBufferPointer(rebasing: bytes[range]))
            multibyte += counts.multibyte
            invalid += counts.invalid
        }
        guard multibyte >= 4 * invalid, multibyte > 0 else { return nil }
        return 100 * multibyte / (multibyte + invalid)
    }

    /// Decodes `bytes` from `charset`; `release` lets the mapped file's pages go behind the decoder.
    static func convert(
        _ bytes: UnsafeBufferPointer<UInt8>, from charset: String, path: String, source: EncodingSource, total: Int,
        release: Bool = false, progress: LoadStep = .none
    )
        throws(BookError) -> BookText
    {
        var decoded: (utf8: [UInt8], invalidSequences: Int)
        do {
            decoded = try StreamingDecoder.decode(
                bytes, encoding: charset, normalising: true, releasingMappedInput: release, progress: progress,
                lookingUp: DoubleByteTable.pays(for: bytes.count))
        } catch {
            if case .undecodable(_, let encoding, let reason) = error {
                throw .undecodable(path: path, encoding: encoding, reason: reason)
            }
            throw error
        }
        if decoded.utf8.starts(with: ByteOrderMark.utf8.bytes) { decoded.utf8.removeFirst(3) }
        return BookText(
            utf8: decoded.utf8, encoding: charset, encodingSource: source,
            invalidSequences: decoded.invalidSequences, sourceByteCount: total)
    }
}
