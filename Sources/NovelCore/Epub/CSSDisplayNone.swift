/// The elements a book's stylesheets hide with `display: none`, as far as simple selectors say: `tag`,
/// `.class`, `tag.class` and `#id`, alone or in comma lists. CSS is otherwise not applied, so a selector
/// with combinators, attributes or pseudo-classes is ignored rather than guessed at, and rules inside
/// at-rules (`@media print`, a Kindle-only `@media`) are ignored too: they hide text only somewhere else.
/// When a later rule gives the same selector another display, the later rule wins, as in a browser.
public struct CSSDisplayNone: Sendable, Equatable {
    /// The hidden selectors, each in its written form (`p`, `.class`, `p.class`, `#id`).
    public private(set) var selectors: Set<String> = []

    public init() {}

    /// The hidden selectors of the stylesheets, read in order.
    public init(stylesheets: [String]) {
        for stylesheet in stylesheets { add(stylesheet: stylesheet) }
    }

    /// Reads one more stylesheet's rules after those read so far.
    public mutating func add(stylesheet: String) {
        var rules = Substring(Self.withoutComments(stylesheet))
        while let open = rules.firstIndex(where: { $0 == "{" || $0 == ";" }) {
            let prelude = rules[..<open].trimmingBlanks()
            if rules[open] == ";" {  // an at-rule without a block (@import, @charset)
                rules = rules[rules.index(after: open)...]
                continue
            }
            let (block, rest) = Self.block(rules[rules.index(after: open)...])
            rules = rest
            guard !prelude.hasPrefix("@"), let display = Self.display(in: block) else { continue }
            for selector in prelude.split(separator: ",") {
                let simple = String(selector.trimmingBlanks())
                guard Self.isSimple(simple) else { continue }
                if display == "none" { selectors.insert(simple) } else { selectors.remove(simple) }
            }
        }
    }

    /// Whether there is nothing to hide.
    public var isEmpty: Bool { selectors.isEmpty }

    /// Whether an element is hidden: `tag` its lowercase name, `classes` its class attribute's words.
    public func hides(tag: String, classes: [Substring], id: String?) -> Bool {
        guard !selectors.isEmpty else { return false }
        if selectors.contains(tag) { return true }
        if let id, selectors.contains("#" + id) { return true }
        return classes.contains { selectors.contains("." + $0) || selectors.contains(tag + "." + $0) }
    }

    /// The block after a rule's `{`, up to its matching `}`, and the text after that.
    private static func block(_ text: Substring) -> (Substring, Substring) {
        var depth = 1
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return (text[..<index], text[text.index(after: index)...]) }
            default: break
            }
            index = text.index(after: index)
        }
        return (text, text[text.endIndex...])
    }

    /// The last `display` value a declaration block sets, lowercased, without `!important`.
    private static func display(in block: Substring) -> String? {
        var value: String?
        for declaration in block.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":"),
                declaration[..<colon].trimmingBlanks().lowercased() == "display"
            else { continue }
            let written = declaration[declaration.index(after: colon)...].lowercased()
            value = String(
                (written.split(separator: "!", omittingEmptySubsequences: false).first ?? "").trimmingBlanks())
        }
        return value
    }

    /// Whether a selector is one this reads: an optional tag name, then at most one `.class` or `#id`.
    private static func isSimple(_ selector: String) -> Bool {
        guard !selector.isEmpty else { return false }
        let marks = selector.filter { $0 == "." || $0 == "#" }
        guard marks.count <= 1, selector.last != ".", selector.last != "#" else { return false }
        if selector.first == "#", marks.count == 1 { return selector.dropFirst().allSatisfy(isNameCharacter) }
        guard !selector.contains("#") else { return false }
        return selector.allSatisfy { $0 == "." || isNameCharacter($0) }
    }

    /// A character of a tag, class or id name as stylesheets write them unescaped.
    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }

    /// The stylesheet without its `/* … */` comments (an unclosed one runs to the end).
    private static func withoutComments(_ stylesheet: String) -> String {
        guard stylesheet.contains("/*") else { return stylesheet }
        var result = ""
        var rest = Substring(stylesheet)
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}

extension StringProtocol {
    /// The text without blanks (spaces, tabs, line ends) at either end.
    fileprivate func trimmingBlanks() -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return Substring()
        }
        return Substring(self[first...last])
    }
}
