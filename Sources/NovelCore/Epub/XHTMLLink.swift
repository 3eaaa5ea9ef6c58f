/// A link in a content document's text: where its text lies and where it points, as written.
public struct XHTMLLink: Sendable, Equatable {
    /// The text bytes of the link's text (empty for a link without text).
    public var range: Range<Int>
    /// The `href` as written in the document (relative to the document; may be only a fragment).
    public var href: String
    /// Whether the link is a note reference: marked as one (`epub:type="noteref"`, `role="doc-noteref"`),
    /// pointing at a note of the same document, or a short number or symbol in a superscript.
    public var isNoteReference: Bool

    public init(range: Range<Int>, href: String, isNoteReference: Bool) {
        self.range = range
        self.href = href
        self.isNoteReference = isNoteReference
    }
}
