/// How ruby (furigana) is shown: the `ruby` setting. An EPUB's text always holds each reading in
/// brackets after its base text (`XHTMLText.rubyReadings`, `BookMarkup.rubyReadings`); hiding them is a
/// display transform (`RubyPass`), so positions, bookmarks and search hits are the same either way.
public enum RubyDisplay: String, Sendable, Hashable, Codable, CaseIterable {
    /// The base text followed by its reading in brackets: 漢字（かんじ）.
    case brackets
    /// The base text alone; the reading is left out.
    case hidden
}
