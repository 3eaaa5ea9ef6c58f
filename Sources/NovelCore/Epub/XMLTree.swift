@_implementationOnly import CLibXML2

/// A parsed XML or HTML document as plain values (elements with their names, namespaces, attributes,
/// children and text), made by libxml2's parsers in recovery mode and copied out of its tree, so that
/// nothing outside this file touches a libxml2 pointer. For the EPUB's small structure documents
/// (container, package, NCX, navigation); never network, never an external entity or DTD.
public struct XMLTree: Sendable {
    /// The outermost element.
    public let root: Element
    /// False when the parser had to recover from an error (the tree is what it made of the rest).
    public let isWellFormed: Bool

    /// Which of libxml2's parsers reads the bytes.
    public enum Syntax: Sendable {
        /// The XML parser: namespaces resolved, entities other than XML's own not expanded.
        case xml
        /// The HTML parser: HTML's entities decoded and tag soup mended as a browser would; attribute
        /// names keep their prefix (`epub:type`), names are lower case, and nothing has a namespace.
        case html
    }

    public struct Attribute: Equatable, Sendable {
        /// The local name (`type` of `epub:type` in XML; the whole name in HTML).
        public let name: String
        /// The namespace's URI, when the attribute has one.
        public let namespace: String?
        public let value: String
    }

    public enum Node: Sendable {
        case element(Element)
        case text(String)
    }

    public struct Element: Sendable {
        /// The local name.
        public let name: String
        /// The namespace's URI, when the element has one.
        public let namespace: String?
        public let attributes: [Attribute]
        public internal(set) var children: [Node]

        /// The value of the attribute with this local name (and namespace, when given: else one without).
        public func attribute(_ name: String, namespace: String? = nil) -> String? {
            attributes.first { $0.name == name && $0.namespace == namespace }?.value
        }

        /// The child elements, in order.
        public var elements: [Element] {
            children.compactMap { if case .element(let element) = $0 { element } else { nil } }
        }

        /// The child elements with this local name.
        public func elements(named name: String) -> [Element] {
            elements.filter { $0.name == name }
        }

        /// The first child element with this local name.
        public func element(named name: String) -> Element? {
            elements.first { $0.name == name }
        }

        /// Every element inside this one with this local name, in document order (depth first).
        public func descendants(named name: String) -> [Element] {
            var found: [Element] = []
            var pending = Array(elements.reversed())
            while let element = pending.popLast() {
                if element.name == name { found.append(element) }
                pending.append(contentsOf: element.elements.reversed())
            }
            return found
        }

        /// The first element inside this one with this local name, in document order (depth first): the first
        /// of `descendants(named:)`, without walking the rest.
        public func firstDescendant(named name: String) -> Element? {
            var pending = Array(elements.reversed())
            while let element = pending.popLast() {
                if element.name == name { return element }
                pending.append(contentsOf: element.elements.reversed())
            }
            return nil
        }

        /// All the text inside the element, in document order.
        public var text: String {
            var result = ""
            var pending = Array(children.reversed())
            while let node = pending.popLast() {
                switch node {
                case .text(let text): result += text
                case .element(let element): pending.append(contentsOf: element.children.reversed())
                }
            }
            return result
        }
    }

    /// Parses `bytes`: nil when they hold no element at all.
    public static func parse(_ bytes: [UInt8], as syntax: Syntax = .xml) -> XMLTree? {
        guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return nil }
        XMLParserLibrary.prepare()
        return bytes.withUnsafeBufferPointer { buffer -> XMLTree? in
            let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            let length = Int32(buffer.count)
            switch syntax {
            case .xml:
                guard let context = xmlNewParserCtxt() else { return nil }
                defer { xmlFreeParserCtxt(context) }
                guard let document = xmlCtxtReadMemory(context, pointer, length, nil, nil, XMLParserLibrary.xmlOptions)
                else {
                    return nil
                }
                defer { xmlFreeDoc(document) }
                return tree(document, wellFormed: context.pointee.wellFormed != 0)
            case .html:
                guard let context = htmlNewParserCtxt() else { return nil }
                defer { htmlFreeParserCtxt(context) }
                guard
                    let document = htmlCtxtReadMemory(context, pointer, length, nil, nil, XMLParserLibrary.htmlOptions)
                else {
                    return nil
                }
                defer { xmlFreeDoc(document) }
                return tree(document, wellFormed: context.pointee.wellFormed != 0)
            }
        }
    }

    /// The document's tree as values, walked without recursion (a recovered document may nest deeply).
    private static func tree(_ document: xmlDocPtr, wellFormed: Bool) -> XMLTree? {
        guard let rootNode = xmlDocGetRootElement(document) else { return nil }
        var stack: [(element: Element, next: xmlNodePtr?)] = [(element(rootNode), rootNode.pointee.children)]
        while true {
            let top = stack.count - 1
            guard let node = stack[top].next else {
                let finished = stack.removeLast().element
                if stack.isEmpty { return XMLTree(root: finished, isWellFormed: wellFormed) }
                stack[stack.count - 1].element.children.append(.element(finished))
                continue
            }
            stack[top].next = node.pointee.next
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                stack.append((element(node), node.pointee.children))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                // An entity's own text is not expanded (no entity other than XML's five is ever substituted).
                guard let content = node.pointee.content else { continue }
                let text = String(cString: content)
                if case .text(let before)? = stack[top].element.children.last {
                    stack[top].element.children[stack[top].element.children.count - 1] = .text(before + text)
                } else {
                    stack[top].element.children.append(.text(text))
                }
            default:
                continue  // comments, processing instructions, entity references
            }
        }
    }

    /// An element's name, namespace and attributes, without its children.
    private static func element(_ node: xmlNodePtr) -> Element {
        var attributes: [Attribute] = []
        var property = node.pointee.properties
        while let attribute = property {
            var value = ""
            var child = attribute.pointee.children
            while let text = child {
                if text.pointee.type == XML_TEXT_NODE, let content = text.pointee.content {
                    value += String(cString: content)
                }
                child = text.pointee.next
            }
            attributes.append(
                Attribute(
                    name: attribute.pointee.name.map { String(cString: $0) } ?? "",
                    namespace: attribute.pointee.ns?.pointee.href.map { String(cString: $0) }, value: value))
            property = attribute.pointee.next
        }
        return Element(
            name: node.pointee.name.map { String(cString: $0) } ?? "",
            namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) }, attributes: attributes, children: [])
    }
}
