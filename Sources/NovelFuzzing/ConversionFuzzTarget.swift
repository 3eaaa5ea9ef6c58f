import NovelCore

/// Simplified ⇄ Traditional conversion (OpenCC) over the other display transforms, on the input as one
/// chapter: the configuration and transforms come from its first byte. The converted text's map must
/// pass the same checks as any display text (`TransformFuzzTarget.check`), whatever OpenCC does to the
/// length, and bytes OpenCC cannot take (NUL, invalid UTF-8) must not reach it.
enum ConversionFuzzTarget {
    static let target = FuzzTarget(
        name: "conversion", summary: "Chinese conversion (ChineseConversion) and its position map on any bytes",
        dictionaries: ["punctuation.dict", "headings.dict"],
        run: { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            let conversions = Conversion.allCases.filter { $0 != .none }
            var options = DisplayOptions(
                reflow: flags & 8 != 0 ? .on : .off, smartQuotes: flags & 16 != 0, hideSiteJunk: flags & 32 != 0,
                convert: conversions[Int(flags & 7) % conversions.count])
            options.pairQuotes = flags & 64 != 0
            let profile = TextProfile(script: .cjk, isHardWrapped: flags & 128 != 0, wrapWidth: 40, reason: "fuzz")
            let text = Array(input.rest)
            guard let display = DisplayTransform.display(text, profile: profile, options: options) else { return }
            TransformFuzzTarget.check(display, inputCount: text.count, label: "conversion")
        })
}
