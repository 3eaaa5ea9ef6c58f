import NovelCore
import NovelTestSupport
import Testing

/// Hidden ruby readings (`RubyPass`, the `ruby` setting): left out of what is shown, every shown byte
/// still mapped to its own bytes of the book text.
@Suite struct RubyPassTests {
    static let text = "　　東京（とうきょう）の空（そら）は灰色だった。\n\n“Tokyo(とうきょう)” is wide.\n"

    static func book(_ text: String = text) -> Book {
        var book = TestBooks.book(text, split: false, path: "books/ruby.epub", title: "ruby")
        let readings = ["（とうきょう）", "（そら）", "(とうきょう)"].map { TestBooks.byteRange(of: $0, in: book) }
        book.markup = BookMarkup(rubyReadings: readings)
        return book
    }

    static func options(_ ruby: RubyDisplay) -> DisplayOptions {
        var options = DisplayOptions()
        options.ruby = ruby
        return options
    }

    @Test func bracketsShowTheTextAsItIs() {
        let book = Self.book()
        #expect(DisplayTransform.display(book, entry: 0, options: Self.options(.brackets)) == nil)
    }

    @Test func hiddenReadingsAreLeftOutAndEveryShownByteMapsToItsOwn() throws {
        let book = Self.book()
        let shown = try #require(DisplayTransform.display(book, entry: 0, options: Self.options(.hidden)))
        let string = String(decoding: shown.utf8, as: UTF8.self)
        #expect(string.contains("東京の空は灰色だった。"))
        #expect(string.contains("Tokyo” is wide."))
        #expect(!string.contains("とうきょう") && !string.contains("そら"))
        let original = Array(book.text.utf8)
        let readings = book.markup?.rubyReadings ?? []
        // Every shown byte that is not made by another transform (the curly quotes) is its own byte.
        for offset in 0..<shown.utf8.count {
            let source = shown.map.originalStart(offset)
            #expect(!readings.contains { $0.contains(source) })
            if shown.utf8[offset] < 0x80, shown.utf8[offset] != 0x0A, original[source] != 0x22 {
                #expect(original[source] == shown.utf8[offset], "display byte \(offset)")
            }
        }
    }

    /// Positions are book offsets: the text after a hidden reading is shown where its own bytes are, and a
    /// position inside a hidden reading shows at the text after it.
    @Test func positionsLandOnTheSameText() throws {
        let book = Self.book()
        let shown = try #require(DisplayTransform.display(book, entry: 0, options: Self.options(.hidden)))
        let after = TestBooks.byteRange(of: "の空", in: book).lowerBound
        let reading = TestBooks.byteRange(of: "（とうきょう）", in: book)
        let display = shown.map.displayOffset(ofOriginal: after)
        #expect(shown.map.originalStart(display) == after)
        #expect(shown.map.displayOffset(ofOriginal: reading.lowerBound + 3) == display)
        #expect(shown.map.displayOffset(ofOriginal: reading.lowerBound) == display)
    }

    /// With other transforms on (a cleaning rule, conversion) the readings are still left out.
    @Test func hiddenReadingsGoWithTheConversionToo() throws {
        let book = Self.book("東京（とうきょう）の空（そら）は灰色だった。后来\n\nx(とうきょう)\n")
        var options = Self.options(.hidden)
        options.convert = .s2t
        let shown = try #require(DisplayTransform.display(book, entry: 0, options: options))
        let string = String(decoding: shown.utf8, as: UTF8.self)
        #expect(!string.contains("とうきょう"))
        #expect(string.contains("東京の空"))
    }
}
