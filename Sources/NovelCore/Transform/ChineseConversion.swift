import Foundation

/// Shows a chapter's display text through an OpenCC configuration (`PhraseConversion`, with the tables
/// `ChineseConverter` keeps) with every shown byte mapped back to the book text. The alignment of some
/// bytes (`AlignedConversion`) is kept in `RecentConversions`, so that a text converted once (a chapter
/// laid out again at another width, a title) is not converted again.
enum ChineseConversion {
    /// `source` converted, or nil when the conversion changes nothing or cannot be loaded.
    static func convert(_ source: DisplayText, _ conversion: Conversion, recent: RecentConversions = .shared)
        -> DisplayText?
    {
        source.utf8.withUnsafeBufferPointer { bytes -> DisplayText? in
            guard let aligned = aligned(bytes, conversion, recent: recent), aligned.changes else { return nil }
            var builder = DisplayTextRewriter(source: source, bytes: bytes)
            builder.replay(aligned)
            return builder.finish()
        }
    }

    /// What `conversion` shows for `bytes`: the alignment kept for these bytes, else a new one (which is
    /// then kept); nil for `none` or when the configuration cannot be loaded.
    static func aligned(
        _ bytes: UnsafeBufferPointer<UInt8>, _ conversion: Conversion, recent: RecentConversions = .shared
    ) -> AlignedConversion? {
        guard conversion != .none else { return nil }
        let key = RecentConversions.Key(conversion: conversion, source: ByteDigest.of(bytes))
        if let known = recent.lookup(key) { return known }
        guard let converter = ChineseConverter.loaded(conversion) else { return nil }
        let aligned = converter.align(bytes)
        recent.remember(aligned, for: key)
        return aligned
    }
}
