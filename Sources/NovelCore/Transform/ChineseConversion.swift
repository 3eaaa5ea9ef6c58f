import Foundation

/// Shows a chapter's display text through an OpenCC configuration and keeps every shown byte mapped
/// back to the book text. OpenCC converts phrase by phrase and can change the length (`U盘` → `隨身碟`),
/// so the result is aligned with its source in steps: line by line (line ends are never converted),
/// then character for character where a line keeps its number of characters (each converted character
/// stands where its source character stood), else segment by segment between punctuation, each
/// converted alone; a segment whose length changed maps as a whole to the bytes it came from. The shown
/// characters are always OpenCC's conversion of the whole chapter: a line whose segments convert
/// differently alone (a phrase across punctuation) maps as one piece instead.
///
/// Not in blocks on several threads: OpenCC's segmentation never runs across a line end, so halves of a
/// chapter convert to the same text, but two threads converting them at once in one process took 82–102%
/// of the time one thread took for both (the halves of a 30 KB chapter, OpenCC 1.1.6, one converter
/// shared or one each; two processes do run at once), and `novel print --convert` used 3% more CPU. The
/// alignment of some bytes
/// (`AlignedConversion`) is kept in `RecentConversions`, which the disk cache (`ConversionCache`) fills
/// at launch, so that a first screen shown before can be shown again without OpenCC.
enum ChineseConversion {
    /// `source` converted, or nil when the conversion changes nothing or cannot be loaded.
    static func convert(_ source: DisplayText, _ conversion: Conversion, recent: RecentConversions = .shared) -> DisplayText? {
        source.utf8.withUnsafeBufferPointer { bytes -> DisplayText? in
            guard let aligned = aligned(bytes, conversion, recent: recent), aligned.changes else { return nil }
            var builder = DisplayTextRewriter(source: source, bytes: bytes)
            builder.replay(aligned)
            return builder.finish()
        }
    }

    /// What `conversion` shows for `bytes`: the alignment kept for these bytes, else OpenCC's (which is
    /// then kept); nil for `none` or when the configuration cannot be loaded.
    static func aligned(
        _ bytes: UnsafeBufferPointer<UInt8>, _ conversion: Conversion, recent: RecentConversions = .shared
    ) -> AlignedConversion? {
        guard conversion != .none else { return nil }
        let key = RecentConversions.Key(conversion: conversion, source: ByteDigest.of(bytes))
        if let known = recent.lookup(key) { return known }
        guard let converter = ChineseConverter.loaded(conversion) else { return nil }
        let aligned = align(bytes, with: converter)
        recent.remember(aligned, for: key)
        return aligned
    }

    /// OpenCC's conversion of `bytes`, aligned with them.
    static func align(_ bytes: UnsafeBufferPointer<UInt8>, with converter: ChineseConverter) -> AlignedConversion {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return AlignedConversion() }
        var recorder = ConversionRecorder(bytes: bytes, converter: converter, into: AlignedConversion(capacity: bytes.count))
        if !bytes.contains(where: { $0 >= 0x80 }) {
            // Plain ASCII: no OpenCC dictionary holds a phrase without a Chinese character.
            recorder.keep(0..<bytes.count)
        } else if memchr(base, 0, bytes.count) == nil, UTF8Validator.isValid(bytes) {
            recorder.convertLines(0..<bytes.count)
        } else {
            // OpenCC reads a C string: a NUL or an invalid sequence (only in text that did not come
            // through the decoder) is converted around, line by line.
            var start = 0
            while start < bytes.count {
                let end = lineEnd(bytes, from: start)
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if memchr(base + start, 0, end - start) == nil, UTF8Validator.isValid(line) {
                    recorder.convertLines(start..<end)
                } else {
                    recorder.keep(start..<end)
                }
                if end < bytes.count { recorder.keep(end..<(end + 1)) }
                start = end + 1
            }
        }
        return recorder.aligned
    }

    /// The index of the first line end at or after `start`, or the end.
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Scalars that OpenCC's phrases do not hold: ASCII spaces and punctuation (letters and digits can be
    /// part of a phrase: `U盘`), general and CJK punctuation, full-width punctuation. Segments are cut at them.
    static func isSeparator(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            let letterOrDigit = (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            return !letterOrDigit
        }
        return (0x2000...0x206F).contains(scalar) || (0x3000...0x303F).contains(scalar) || (0xFF00...0xFF0F).contains(scalar)
            || (0xFF1A...0xFF20).contains(scalar) || (0xFF3B...0xFF40).contains(scalar) || (0xFF5B...0xFF65).contains(scalar)
    }

    /// Bytes of the UTF-8 sequence that starts with `lead`.
    @inline(__always) static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Segments longer than this (in characters) are not searched for a cut: each try costs two OpenCC calls.
    static let longestSegmentCut = 64

    static func scalarCount(_ bytes: some Collection<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }
}

/// Records the alignment of converted text with its source (see `ChineseConversion`) for the bytes it
/// is given, from where `aligned` ends.
struct ConversionRecorder {
    let bytes: UnsafeBufferPointer<UInt8>
    let converter: ChineseConverter
    private(set) var aligned: AlignedConversion

    init(bytes: UnsafeBufferPointer<UInt8>, converter: ChineseConverter, into aligned: AlignedConversion) {
        self.bytes = bytes
        self.converter = converter
        self.aligned = aligned
    }

    /// Source bytes `range` shown unchanged.
    mutating func keep(_ range: Range<Int>) {
        aligned.same(range, bytes[range], sourceBytes: bytes[range])
    }

    /// `shown` stands for source bytes `range` byte for byte.
    mutating func same(_ range: Range<Int>, _ shown: ArraySlice<UInt8>) {
        aligned.same(range, shown, sourceBytes: bytes[range])
    }

    /// `shown` stands for the whole of source bytes `range`.
    mutating func replace(_ range: Range<Int>, _ shown: ArraySlice<UInt8>) {
        aligned.replace(range, shown)
    }

    /// Converts the lines in `range` (valid UTF-8 without NUL) with one call, then aligns them.
    mutating func convertLines(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        guard let converted = converter.convert(UnsafeBufferPointer(rebasing: bytes[range])) else {
            return keep(range)
        }
        let convertedLines = converted.split(separator: 0x0A, omittingEmptySubsequences: false)
        var sourceLines: [Range<Int>] = []
        var start = range.lowerBound
        while true {
            let end = min(ChineseConversion.lineEnd(bytes, from: start), range.upperBound)
            sourceLines.append(start..<end)
            guard end < range.upperBound else { break }
            start = end + 1
        }
        for (index, line) in sourceLines.enumerated() {
            // OpenCC keeps line ends; should it not, each line is converted alone.
            let shown =
                convertedLines.count == sourceLines.count
                ? convertedLines[index] : (converter.convert(UnsafeBufferPointer(rebasing: bytes[line])).map { $0[...] } ?? bytes[line].map { $0 }[...])
            align(line, shown)
            if line.upperBound < range.upperBound { keep(line.upperBound..<(line.upperBound + 1)) }
        }
    }

    /// One source line and its conversion.
    private mutating func align(_ line: Range<Int>, _ shown: ArraySlice<UInt8>) {
        if shown.elementsEqual(bytes[line]) { return same(line, shown) }
        if ChineseConversion.scalarCount(shown) == ChineseConversion.scalarCount(bytes[line]) { return characterForCharacter(line, shown) }
        // Segments between separators, each converted alone.
        var pieces: [(source: Range<Int>, shown: [UInt8])] = []
        var start = line.lowerBound
        while start < line.upperBound {
            let separated = ChineseConversion.isSeparator(LineFacts.scalar(bytes, at: start, end: line.upperBound))
            var end = start
            while end < line.upperBound, ChineseConversion.isSeparator(LineFacts.scalar(bytes, at: end, end: line.upperBound)) == separated {
                end += ChineseConversion.sequenceLength(bytes[end])
            }
            end = min(end, line.upperBound)
            let segment = UnsafeBufferPointer(rebasing: bytes[start..<end])
            pieces.append((start..<end, separated ? Array(segment) : converter.convert(segment) ?? Array(segment)))
            start = end
        }
        guard pieces.flatMap(\.shown).elementsEqual(shown) else { return replace(line, shown) }
        for piece in pieces { alignSegment(piece.source, piece.shown[...]) }
    }

    /// A segment between separators and its conversion. When the length changed, the segment is
    /// cut where its two parts convert alone to the same text (`U盘` | `在…`), so that only the
    /// phrase that changed length maps as a whole; a long segment that cannot be cut so maps as one.
    private mutating func alignSegment(_ range: Range<Int>, _ shown: ArraySlice<UInt8>) {
        let count = ChineseConversion.scalarCount(bytes[range])
        if count == ChineseConversion.scalarCount(shown) { return characterForCharacter(range, shown) }
        guard count > 1, count <= ChineseConversion.longestSegmentCut else { return replace(range, shown) }
        var cut = range.lowerBound + ChineseConversion.sequenceLength(bytes[range.lowerBound])
        while cut < range.upperBound {
            if let left = converter.convert(UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<cut])),
                shown.starts(with: left),
                let right = converter.convert(UnsafeBufferPointer(rebasing: bytes[cut..<range.upperBound])),
                shown.dropFirst(left.count).elementsEqual(right)
            {
                let middle = shown.startIndex + left.count
                alignSegment(range.lowerBound..<cut, shown[..<middle])
                alignSegment(cut..<range.upperBound, shown[middle...])
                return
            }
            cut += ChineseConversion.sequenceLength(bytes[cut])
        }
        replace(range, shown)
    }


    /// `shown` has as many characters as source bytes `range`: runs of characters of the same
    /// length map byte for byte, a character whose length changed maps to its source character.
    private mutating func characterForCharacter(_ range: Range<Int>, _ shown: ArraySlice<UInt8>) {
        var sourceIndex = range.lowerBound
        var shownIndex = shown.startIndex
        var runSource = sourceIndex
        var runShown = shownIndex
        while sourceIndex < range.upperBound, shownIndex < shown.endIndex {
            let sourceLength = min(ChineseConversion.sequenceLength(bytes[sourceIndex]), range.upperBound - sourceIndex)
            let shownLength = min(ChineseConversion.sequenceLength(shown[shownIndex]), shown.endIndex - shownIndex)
            if sourceLength != shownLength {
                same(runSource..<sourceIndex, shown[runShown..<shownIndex])
                replace(sourceIndex..<(sourceIndex + sourceLength), shown[shownIndex..<(shownIndex + shownLength)])
                runSource = sourceIndex + sourceLength
                runShown = shownIndex + shownLength
            }
            sourceIndex += sourceLength
            shownIndex += shownLength
        }
        same(runSource..<sourceIndex, shown[runShown..<shownIndex])
        // (Equal character counts: both end together; anything left over is replaced as a whole.)
        if sourceIndex < range.upperBound || shownIndex < shown.endIndex {
            replace(sourceIndex..<range.upperBound, shown[shownIndex...])
        }
    }
}
