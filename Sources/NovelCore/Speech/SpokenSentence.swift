/// One sentence of a chapter as it is shown, to be spoken: where it stands in the book and what is said.
public struct SpokenSentence: Sendable, Equatable {
    /// The book bytes the sentence shows (the range the reader highlights and a place points into).
    public var range: Range<Int>
    /// The bytes of the chapter's shown text it covers (`ShownChapter.utf8`).
    public var shown: Range<Int>
    /// What is said: the shown text without what is not read aloud (footnote markers, image
    /// placeholders), line ends inside it as spaces.
    public var text: String
    /// A line of the chapter's heading, spoken as such (a pause around it, never run into the body).
    public var isHeading: Bool

    public init(range: Range<Int>, shown: Range<Int>, text: String, isHeading: Bool) {
        self.range = range
        self.shown = shown
        self.text = text
        self.isHeading = isHeading
    }
}
