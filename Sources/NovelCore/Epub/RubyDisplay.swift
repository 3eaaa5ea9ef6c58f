/// How ruby (furigana) is written into a content document's text.
public enum RubyDisplay: String, Sendable, Hashable, Codable, CaseIterable {
    /// The base text followed by its reading in brackets: 漢字（かんじ）.
    case brackets
    /// The base text alone; the reading is left out.
    case hidden
}
