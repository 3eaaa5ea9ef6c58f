@_implementationOnly import CLibXML2

/// What an `XMLStream` tells, in document order: elements as they start and end (always balanced: libxml2
/// closes what recovery leaves open), and the text between them. A sink that has read all it wants says so
/// (`hasEnough`, asked after each element's end) and the parse stops there.
protocol XMLStreamSink: AnyObject {
    func startElement(_ tag: XMLStream.StartTag)
    func endElement()
    func text(_ bytes: UnsafeBufferPointer<UInt8>)
    var hasEnough: Bool { get }
}

extension XMLStreamSink {
    var hasEnough: Bool { false }
}

/// A document read by libxml2's XML or HTML parser as a stream of events, building no tree: for a
/// document of thousands of elements of which a reader keeps a few values (a navigation document), the
/// tree's nodes, their copies and their freeing are most of the work. The events are those `XMLTree`
/// is built from, named as it names them, so that a reader of the stream sees what a reader of the tree
/// sees: the same recovery, options and encodings; an element's or attribute's local name (with its
/// prefix when the prefix names no namespace); attribute values as the tree keeps them; no entity's text
/// but XML's own; in HTML, the text of `script` and `style` as the tree's CDATA, and no blanks the
/// parser calls ignorable.
final class XMLStream {
    /// An element's start: its name and attributes, read only while the event lasts.
    struct StartTag {
        fileprivate let localName: UnsafePointer<UInt8>
        /// A prefix that names no namespace (the name is then `prefix:local`, as in the tree).
        fileprivate let unboundPrefix: UnsafePointer<UInt8>?
        fileprivate let attributes: Attributes

        fileprivate enum Attributes {
            /// libxml2's SAX2 array: local name, prefix, namespace URI, value start and end, per attribute.
            case xml(UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int)
            /// The HTML parser's NULL-terminated name and value pairs (a value may be NULL).
            case html(UnsafeMutablePointer<UnsafePointer<UInt8>?>?)
        }

        /// Whether the element's name is `name`.
        func isNamed(_ name: StaticString) -> Bool {
            XMLStream.name(localName, prefix: unboundPrefix, is: name)
        }

        /// The value of the attribute with this name (and namespace, when given; else one without), as
        /// `XMLTree.Element.attribute` gives it: the first one, `""` for an HTML attribute without a value.
        func attribute(_ name: StaticString, namespace: String? = nil) -> String? {
            switch attributes {
            case .xml(let array, let count):
                guard let array else { return nil }
                for index in 0..<count {
                    let base = index * 5
                    guard let local = array[base] else { continue }
                    let uri = array[base + 2]
                    let prefix = uri == nil ? array[base + 1] : nil
                    guard XMLStream.name(local, prefix: prefix, is: name) else { continue }
                    if let namespace {
                        guard let uri, String(cString: uri) == namespace else { continue }
                    } else if uri != nil {
                        continue
                    }
                    guard let start = array[base + 3], let end = array[base + 4] else { return "" }
                    return XMLStream.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
                }
                return nil
            case .html(let pairs):
                guard namespace == nil, var pair = pairs else { return nil }
                while let attributeName = pair.pointee {
                    if XMLStream.name(attributeName, prefix: nil, is: name) {
                        return (pair + 1).pointee.map { String(cString: $0) } ?? ""
                    }
                    pair += 2
                }
                return nil
            }
        }
    }

    /// How a parse ended: whether any element was met (else the tree would be nil), whether the XML was
    /// well-formed (the parser did not have to recover), and whether the sink stopped it (then well-formed
    /// tells of the document up to there only).
    struct Outcome {
        let sawElement: Bool
        let isWellFormed: Bool
        var stoppedEarly = false
    }

    private let sink: any XMLStreamSink
    private var context: UnsafeMutableRawPointer?
    private var sawElement = false
    /// Whether the document was well-formed up to where the sink stopped the parse (nil: it did not).
    private var wellFormedAtStop: Bool?

    private init(sink: any XMLStreamSink) {
        self.sink = sink
    }

    /// Reads `bytes` as `syntax`, telling `sink` each event; nil where `XMLTree.parse` would be nil for
    /// want of a parse (no bytes, too many, no parser). `htmlEncoding` is the encoding the HTML parser is
    /// told to read in (nil: it chooses, which without a `meta` charset is Latin-1); the XML parser reads
    /// the XML declaration's, else UTF-8.
    static func parse(
        _ bytes: [UInt8], as syntax: XMLTree.Syntax, htmlEncoding: String? = nil, into sink: any XMLStreamSink
    ) -> Outcome? {
        guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return nil }
        XMLParserLibrary.prepare()
        let stream = XMLStream(sink: sink)
        return withExtendedLifetime(stream) {
            bytes.withUnsafeBufferPointer { buffer -> Outcome? in
                let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                let length = Int32(buffer.count)
                switch syntax {
                case .xml:
                    guard let context = xmlNewParserCtxt() else { return nil }
                    defer { xmlFreeParserCtxt(context) }
                    stream.prepare(context, syntax: .xml)
                    let document = xmlCtxtReadMemory(context, pointer, length, nil, nil, XMLParserLibrary.xmlOptions)
                    if let document { xmlFreeDoc(document) }
                    return stream.outcome(context)
                case .html:
                    guard let context = htmlNewParserCtxt() else { return nil }
                    defer { htmlFreeParserCtxt(context) }
                    stream.prepare(context, syntax: .html)
                    let document = htmlCtxtReadMemory(
                        context, pointer, length, nil, htmlEncoding, XMLParserLibrary.htmlOptions)
                    if let document { xmlFreeDoc(document) }
                    return stream.outcome(context)
                }
            }
        }
    }

    /// The context's own SAX handler (the one its tree would be built by: DTD, entity declarations and
    /// the document itself are still made) with the element and text events made ours.
    private func prepare(_ context: xmlParserCtxtPtr, syntax: XMLTree.Syntax) {
        self.context = UnsafeMutableRawPointer(context)
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        let handler = context.pointee.sax!
        handler.pointee.serror = { _, _ in }
        handler.pointee.characters = { context, text, length in
            guard let stream = XMLStream.of(context), let text, length > 0 else { return }
            stream.sink.text(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.pointee.cdataBlock = handler.pointee.characters
        handler.pointee.comment = nil
        handler.pointee.processingInstruction = nil
        handler.pointee.reference = nil
        switch syntax {
        case .xml:
            // The tree keeps blanks (libxml2's default): they are text.
            handler.pointee.ignorableWhitespace = handler.pointee.characters
            handler.pointee.startElementNs = { context, localName, prefix, uri, _, _, count, defaulted, attributes in
                guard let stream = XMLStream.of(context), let localName else { return }
                // Attributes a DTD supplies are left out of the tree unless asked for, as here.
                let tag = StartTag(
                    localName: localName, unboundPrefix: uri == nil ? prefix : nil,
                    attributes: .xml(attributes, count: Int(count - defaulted)))
                stream.start(tag)
            }
            handler.pointee.endElementNs = { context, _, _, _ in XMLStream.of(context)?.end() }
        case .html:
            // The tree drops what the HTML parser calls ignorable blanks (libxml2's HTML default handler).
            handler.pointee.ignorableWhitespace = nil
            handler.pointee.startElement = { context, name, attributes in
                guard let stream = XMLStream.of(context), let name else { return }
                stream.start(StartTag(localName: name, unboundPrefix: nil, attributes: .html(attributes)))
            }
            handler.pointee.endElement = { context, _ in XMLStream.of(context)?.end() }
        }
    }

    private func start(_ tag: StartTag) {
        sawElement = true
        sink.startElement(tag)
    }

    /// An element's end, after which the sink may stop the parse. libxml2 then reads no further (no more
    /// events, and no error for the rest, which it never sees); whether the document was well-formed so far
    /// is kept from the moment it stopped.
    private func end() {
        sink.endElement()
        guard wellFormedAtStop == nil, sink.hasEnough, let context else { return }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        wellFormedAtStop = parser.pointee.wellFormed != 0
        xmlStopParser(parser)
    }

    private func outcome(_ context: xmlParserCtxtPtr) -> Outcome {
        Outcome(
            sawElement: sawElement, isWellFormed: wellFormedAtStop ?? (context.pointee.wellFormed != 0),
            stoppedEarly: wellFormedAtStop != nil)
    }

    /// The stream a callback belongs to; nil for the parse libxml2 runs over an entity's replacement text
    /// (a context of its own), whose nodes the tree keeps under an entity reference it never reads.
    private static func of(_ context: UnsafeMutableRawPointer?) -> XMLStream? {
        guard let context, let owner = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else {
            return nil
        }
        let stream = Unmanaged<XMLStream>.fromOpaque(owner).takeUnretainedValue()
        return stream.context == context ? stream : nil
    }

    /// Whether the name libxml2 gives (`prefix:local` when it has an unbound prefix) is `name`.
    fileprivate static func name(_ local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, is name: StaticString)
        -> Bool
    {
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        var index = 0
        if let prefix {
            var offset = 0
            while prefix[offset] != 0 {
                guard index < expected.count, expected[index] == prefix[offset] else { return false }
                index += 1
                offset += 1
            }
            guard index < expected.count, expected[index] == UInt8(ascii: ":") else { return false }
            index += 1
        }
        var offset = 0
        while local[offset] != 0 {
            guard index < expected.count, expected[index] == local[offset] else { return false }
            index += 1
            offset += 1
        }
        return index == expected.count
    }

    /// An XML attribute's value as the tree keeps it. The parser hands over a value with a reference in it
    /// as its own copy, `&amp;` written `&#38;` and an entity declared in the document as `&name;`; the
    /// tree reads that copy again, keeping the characters and none of the declared entities' text.
    fileprivate static func attributeValue(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            guard value[index] == UInt8(ascii: "&"),
                let semicolon = value[index...].firstIndex(of: UInt8(ascii: ";"))
            else {
                result.append(value[index])
                index += 1
                continue
            }
            let reference = value[(index + 1)..<semicolon]
            index = semicolon + 1
            if reference.first == UInt8(ascii: "#") {
                if let scalar = characterReference(reference.dropFirst()) { result += Array(String(scalar).utf8) }
            } else if let predefined = predefinedEntities[String(decoding: reference, as: UTF8.self)] {
                result.append(predefined)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let predefinedEntities: [String: UInt8] = [
        "amp": UInt8(ascii: "&"), "lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"), "quot": UInt8(ascii: "\""),
        "apos": UInt8(ascii: "'"),
    ]

    /// The scalar of `123` or `x7B` (the part after `&#`).
    private static func characterReference(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
        var digits = digits
        var radix: UInt32 = 10
        if let first = digits.first, first | 0x20 == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: Int(radix)) else { return nil }
        return Unicode.Scalar(value)
    }
}
