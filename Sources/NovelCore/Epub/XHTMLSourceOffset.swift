/// Where a run of a content document's text came from: from `textOffset` on, the text's bytes came
/// byte for byte from the document's bytes at `sourceOffset` on, until the next pair.
public struct XHTMLSourceOffset: Sendable, Equatable {
    /// A byte offset in the extracted text.
    public var textOffset: Int
    /// The byte offset in the XHTML document that text came from.
    public var sourceOffset: Int

    public init(textOffset: Int, sourceOffset: Int) {
        self.textOffset = textOffset
        self.sourceOffset = sourceOffset
    }
}
