/// What an element of a content document does to the text, by its name and attributes.
struct XHTMLElement {
    let name: String
    let attributes: [(name: String, value: String)]

    /// The value of an attribute (names are lowercase, as libxml2's HTML parser gives them).
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The words of an attribute written as a space-separated list (`class`, `epub:type`, `role`).
    func words(_ name: String) -> [Substring] {
        attribute(name)?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ?? []
    }

    /// The element's role in laying out text.
    enum Role: Equatable {
        /// Text runs on through it (span, a, em, unknown elements).
        case inline
        /// A block on lines of its own; `blank` sets it apart with an empty line (headings).
        case block(blank: Bool)
        case blockquote
        case list(ordered: Bool)
        case listItem
        case preformatted
        case table, tableRow, tableCell, caption
        case lineBreak, rule, image
        case rubyText
        case superscript
        /// An SVG drawing: its text is not read, its images are.
        case drawing
    }

    var role: Role {
        switch name {
        case "p", "div", "section", "article", "header", "footer", "nav", "aside", "main", "figure", "figcaption",
            "address", "center", "dl", "dt", "dd", "body", "form", "fieldset", "legend", "details", "summary",
            "hgroup", "noscript", "option":
            .block(blank: false)
        case "h1", "h2", "h3", "h4", "h5", "h6": .block(blank: true)
        case "blockquote": .blockquote
        case "ul", "menu", "dir": .list(ordered: false)
        case "ol": .list(ordered: true)
        case "li": .listItem
        case "pre", "listing", "xmp", "plaintext": .preformatted
        case "table": .table
        case "tr": .tableRow
        case "td", "th": .tableCell
        case "caption": .caption
        case "br": .lineBreak
        case "hr": .rule
        case "img", "image": .image
        case "rt", "rtc": .rubyText
        case "sup": .superscript
        case "svg": .drawing
        default: .inline
        }
    }

    /// The style the element gives its text.
    var style: TextStyle {
        switch name {
        case "b", "strong": .bold
        case "i", "em", "cite": .italic
        case "u", "ins": .underline
        case "code", "kbd", "samp", "tt": .code
        case "pre", "listing", "xmp", "plaintext": [.code, .preformatted]
        default: []
        }
    }

    /// Elements whose content is never text to read.
    private static let unread: Set<String> = ["head", "title", "script", "style", "template", "rp"]

    /// Whether the element and all it holds are left out: never read (head, script, style, rp), the
    /// `hidden` attribute, `display: none` in its style attribute or the book's stylesheets.
    func isHidden(options: XHTMLTextOptions) -> Bool {
        if Self.unread.contains(name) || attribute("hidden") != nil { return true }
        if let style = attribute("style"), Self.setsDisplayNone(style) { return true }
        guard !options.hidden.selectors.isEmpty else { return false }
        return options.hidden.hides(tag: name, classes: words("class"), id: attribute("id"))
    }

    /// Whether a style attribute's declarations set `display: none` (the last `display` wins).
    static func setsDisplayNone(_ style: String) -> Bool {
        guard style.contains("display") else { return false }
        var hidden = false
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].filter({ !$0.isWhitespace }).lowercased() == "display" else { continue }
            let value = parts[1].lowercased().split(separator: "!").first ?? ""
            hidden = value.filter { !$0.isWhitespace } == "none"
        }
        return hidden
    }

    /// Whether an image is set as a character of the text: a "gaiji" (a rare character drawn as a picture,
    /// as Japanese and Chinese books do) or another glyph-sized picture, by its class or by a width or
    /// height attribute of at most 48 pixels or a few `em`.
    var isGlyphImage: Bool {
        let classes = words("class").map { $0.lowercased() }
        if classes.contains(where: { name in Self.glyphClasses.contains { name.contains($0) } }) { return true }
        return ["width", "height"].contains { name in
            guard let value = attribute(name)?.trimmingXMLSpace().lowercased() else { return false }
            if value.hasSuffix("em"), let ems = Double(value.dropLast(2)) { return ems <= 3 }
            let pixels = value.hasSuffix("px") ? value.dropLast(2) : Substring(value)
            return Double(pixels).map { $0 > 0 && $0 <= 48 } ?? false
        }
    }

    private static let glyphClasses = ["gaiji", "glyph", "inline", "emoji"]

    /// Whether the element is a footnote or endnote (EPUB's `epub:type`, DPUB-ARIA's `role`).
    var isNote: Bool {
        words("epub:type").contains { Self.noteTypes.contains(String($0)) }
            || words("role").contains { $0 == "doc-footnote" || $0 == "doc-endnote" }
    }

    private static let noteTypes: Set<String> = ["footnote", "endnote", "rearnote", "note"]

    /// Whether an unmarked link is set as note references are where books do not say so (EPUB 2, tools
    /// such as pandoc and Calibre): its class names a note (`footnote-ref`, `noteref`, `fnref`) or its target
    /// is an id such books give notes (`#fn1`, `#note3`, `#ftn2`, `#endnote4`). With a short marker for its
    /// text (`1`, `[2]`, `*`), such a link counts as a note reference, as one in superscript does.
    func looksLikeNoteReference(href: String) -> Bool {
        if words("class").contains(where: { $0.lowercased().contains("note") || $0.lowercased().hasPrefix("fn") }) {
            return true
        }
        guard let hash = href.firstIndex(of: "#") else { return false }
        let fragment = href[href.index(after: hash)...].lowercased()
        let stem = fragment.prefix { $0.isLetter || $0 == "_" || $0 == "-" }
        let number = fragment.dropFirst(stem.count)
        return ["fn", "ftn", "note", "footnote", "endnote", "en", "n", "fn_", "note_", "note-", "fn-"].contains(stem)
            && !number.isEmpty && number.allSatisfy(\.isNumber)
    }

    /// Whether a link is marked as a note reference.
    var isMarkedNoteReference: Bool {
        words("epub:type").contains("noteref") || words("role").contains("doc-noteref")
    }
}
