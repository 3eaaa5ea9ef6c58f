import COpenCC
import Foundation
import NovelCore
import Synchronization

/// Simplified ⇄ Traditional conversion over the other display transforms, on the input as one chapter:
/// the configuration and transforms come from its first byte. The converted text's map must pass the
/// same checks as any display text (`TransformFuzzTarget.check`), whatever the conversion does to the
/// length; and novel's conversion of the input alone must be what OpenCC's own library gives, whenever
/// OpenCC can take it (valid UTF-8 without NUL).
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
            if !text.contains(0), let string = String(validating: text, as: UTF8.self),
                let converter = ChineseConverter.loaded(options.convert),
                let theirs = openCC(string, options.convert)
            {
                let ours = converter.convert(string)
                FuzzCheck.require(
                    ours == theirs,
                    "conversion \(options.convert): ours \(ours.debugDescription), OpenCC's \(theirs.debugDescription)")
            }
            guard let display = DisplayTransform.display(text, profile: profile, options: options) else { return }
            TransformFuzzTarget.check(display, inputCount: text.count, label: "conversion")
        })

    /// OpenCC's library's conversion of `text`, with one handle per configuration for the whole run.
    /// Each handle is used under the lock: one thread at a time.
    static func openCC(_ text: String, _ conversion: Conversion) -> String? {
        guard let config = conversion.configFile else { return nil }
        return openHandles.withLock { handles in
            if handles[conversion] == nil { handles[conversion] = novel_opencc_open(config) }
            guard let handle = handles[conversion] ?? nil,
                let converted = opencc_convert_utf8(handle, text, text.utf8.count)
            else { return nil }
            defer { opencc_convert_utf8_free(converted) }
            return String(cString: converted)
        }
    }

    private static let openHandles = Mutex<[Conversion: opencc_t?]>([:])
}
