import NovelCore

/// The layouter on the chapters of the input at a viewport and settings read from the input's first bytes.
enum LayoutFuzzTarget {
    /// Bytes of settings in front of the text.
    static let headerLength = 10

    static let target = FuzzTarget(
        name: "layout", summary: "page layout (PageLayouter) of the input's chapters at random widths and settings",
        dictionaries: ["punctuation.dict", "headings.dict"],
        run: { bytes in
            var input = FuzzInput(bytes)
            let viewport = Viewport(columns: input.int(in: 0...160), rows: input.int(in: 0...50))
            var settings = LayoutSettings()
            settings.width = input.int(in: -2...200)
            settings.margin = input.int(in: -2...30)
            settings.lineSpacing = input.int(in: -1...4)
            settings.letterSpacing = input.int(in: -1...4)
            settings.paragraphSpacing = input.int(in: -1...4)
            settings.indent = input.int(in: -1...10)
            settings.ambiguousWidth = input.byte() % 2 == 0 ? .narrow : .wide
            let scale = input.byte()
            settings.fontScale = scale == 255 ? .nan : scale == 254 ? .infinity : 0.5 + Double(scale) / 64
            let book = FuzzBooks.book(FuzzBooks.text(input.rest))
            let layouter = PageLayouter(settings: settings, viewport: viewport)
            for entry in book.index.entries.indices.prefix(8) {
                let layout = layouter.layout(book, entry: entry)
                let range = book.index.entries[entry].range
                FuzzCheck.require(!layout.pages.isEmpty, "layout: a chapter without pages")
                for line in layout.lines {
                    FuzzCheck.require(
                        line.bytes.isEmpty
                            || (range.contains(line.bytes.lowerBound) && line.bytes.upperBound <= range.upperBound),
                        "layout: line \(line.bytes) outside its chapter \(range)")
                }
                _ = layouter.pageCount(book, entry: entry)
            }
        },
        seeds: { file in
            [
                [40, 20, 30, 2, 1, 0, 1, 2, 0, 0] + file.prefix(FuzzTarget.seedLength),
                [80, 24, 60, 4, 0, 1, 0, 0, 1, 64] + file.prefix(FuzzTarget.seedLength),
            ]
        })
}
