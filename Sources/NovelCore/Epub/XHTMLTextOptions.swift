/// What may change how a content document becomes text: the book's stylesheets. Settings never do (the
/// text, and so every position, is the same whatever the reader shows; `RubyDisplay` is a display
/// transform).
public struct XHTMLTextOptions: Sendable, Equatable {
    /// The selectors the book's stylesheets hide (`display: none`); their elements are left out.
    public var hidden: CSSDisplayNone

    public init(hidden: CSSDisplayNone = CSSDisplayNone()) {
        self.hidden = hidden
    }
}
