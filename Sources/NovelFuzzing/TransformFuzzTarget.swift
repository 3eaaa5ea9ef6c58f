import NovelCore

/// The display transforms (reflow in each paragraph model, quote pairing, italics, site junk) on the input
/// as one chapter, with options and a text profile read from its first bytes: the position map must stay inside the input and
/// keep display order, so that no transform can move a position.
enum TransformFuzzTarget {
    static let target = FuzzTarget(
        name: "transform", summary: "display transforms (DisplayTransform) and their position map on any bytes",
        dictionaries: ["punctuation.dict", "headings.dict"],
        run: { bytes in
            var input = FuzzInput(bytes)
            let flags = input.byte()
            var options = DisplayOptions(
                reflow: [.auto, .on, .off][Int(flags % 3)], smartQuotes: flags & 4 != 0, hideSiteJunk: flags & 8 != 0)
            options.pairQuotes = flags & 16 != 0
            let wrap = input.int(in: 0...120)
            options.illustrations = [.caption, .hide, .raw][wrap % 3]
            let profile = TextProfile(
                script: flags & 32 != 0 ? .latin : .cjk, isHardWrapped: flags & 64 != 0,
                wrapWidth: wrap == 0 ? nil : wrap,
                paragraphs: [.fitted, .blankLines, .indented][wrap / 3 % 3], reason: "fuzz")
            let text = Array(input.rest)
            guard let display = DisplayTransform.display(text, profile: profile, options: options) else { return }
            check(display, inputCount: text.count, label: "transform")
        })

    /// The checks every display text must pass: its map stays inside the input and in display order,
    /// every original offset shows inside it, quote roles and the body start lie inside it.
    static func check(_ display: DisplayText, inputCount: Int, label: String) {
        let map = display.map
        FuzzCheck.require(
            map.displayLength == display.utf8.count, "\(label): map length \(map.displayLength) ≠ \(display.utf8.count)"
        )
        var previous = 0
        for offset in 0...display.utf8.count {
            let start = map.originalStart(offset)
            FuzzCheck.require(
                (0...inputCount).contains(start), "\(label): offset \(offset) maps to \(start) outside the input")
            FuzzCheck.require(start >= previous, "\(label): offset \(offset) maps back before \(previous)")
            previous = start
            let shown = map.displayOffset(ofOriginal: start)
            FuzzCheck.require((0...display.utf8.count).contains(shown), "\(label): original \(start) shows at \(shown)")
        }
        var lastRole = -1
        for role in display.quoteRoles {
            FuzzCheck.require(display.utf8.indices.contains(role.offset), "\(label): quote role at \(role.offset)")
            FuzzCheck.require(role.offset >= lastRole, "\(label): quote roles out of order at \(role.offset)")
            lastRole = role.offset
        }
        FuzzCheck.require(
            (0...display.utf8.count).contains(display.bodyStart), "\(label): body start \(display.bodyStart)")
    }
}
