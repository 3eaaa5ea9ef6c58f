/// What may change how a content document becomes text: settings and the book's stylesheets.
public struct XHTMLTextOptions: Sendable, Equatable {
    /// Whether ruby readings follow their base text in brackets or are left out.
    public var ruby: RubyDisplay
    /// The selectors the book's stylesheets hide (`display: none`); their elements are left out.
    public var hidden: CSSDisplayNone

    public init(ruby: RubyDisplay = .brackets, hidden: CSSDisplayNone = CSSDisplayNone()) {
        self.ruby = ruby
        self.hidden = hidden
    }
}
