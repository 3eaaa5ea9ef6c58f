import Foundation

@_implementationOnly import CLibXML2

/// Runs libxml2's HTML parser over a content document with a SAX handler of our own, so that each
/// event is seen with the byte it was read at (a tree keeps only line numbers, and a CJK book's chapter
/// is often one line), and hands the events to an `XHTMLTextBuilder`.
final class XHTMLParser {
    private let source: [UInt8]
    private let builder: XHTMLTextBuilder
    private var tracker = XHTMLSourceTracker()
    private var context: htmlParserCtxtPtr?
    /// The encoder seen last and how its encoding spends bytes (looked up again only when it changes).
    private var encoder: UnsafeMutablePointer<xmlCharEncodingHandler>?
    private var width: XHTMLSourceTracker.EncodedWidth?
    /// The last event was a start tag, whose `>` libxml2 reads only after telling us of the element.
    private var afterStartTag = false
    /// The segments of the run of text being handed over, kept from run to run (`characters`).
    private var segments: [XHTMLSourceOffset] = []

    private init(source: [UInt8], builder: XHTMLTextBuilder) {
        self.source = source
        self.builder = builder
    }

    /// Asked after each element's end: whether to stop the parse there.
    private var shouldStop: (() -> Bool)?
    private var stopped = false
    /// The document offset the parse had read to when it stopped.
    private var stopOffset: Int?

    /// Parses `bytes` in `encoding` (`XHTMLDeclaredEncoding`'s choice; nil lets libxml2 choose), giving
    /// `builder` its events; with `shouldStop`, stops after the first element end where it says so
    /// (libxml2's parser is a stream: what it told before the stop is what it tells in a whole parse).
    /// Returns the document offset it stopped at, or nil when it read to the document's end.
    ///
    /// A document read in UTF-8 is read as it is rather than through libxml2's UTF-8 "conversion", which
    /// copies it whole before the first event (`readDocument`): with libxml2's own copy and ours, a document
    /// passed as the caller's last use of it (`consuming`) is held twice, not three times.
    @discardableResult
    static func parse(
        _ bytes: consuming [UInt8], encoding: String?, into builder: XHTMLTextBuilder,
        shouldStop: (() -> Bool)? = nil
    ) -> Int? {
        XMLParserLibrary.prepare()
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let readsUTF8 = encoding?.uppercased() == XHTMLDeclaredEncoding.utf8
        var document = consume bytes
        document = XHTMLDeclaredEncoding.readable(document, in: encoding)
        let parser = XHTMLParser(source: document, builder: builder)
        parser.shouldStop = shouldStop
        guard let context = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(context) }
        parser.context = context
        context.pointee.sax.pointee = makeHandler()
        context.pointee._private = Unmanaged.passUnretained(parser).toOpaque()
        // Errors are mended, never reported: a structured handler that drops them keeps libxml2 from
        // printing the ones it raises outside the parser's own channel (an encoding's conversion error).
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(nil, { _, _ in })
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        withExtendedLifetime(parser) {
            parser.source.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    readDocument(context, $0.baseAddress, count: $0.count, encoding: encoding, asIs: readsUTF8)
                }
            }
        }
        return parser.stopOffset
    }

    /// `htmlCtxtReadMemory` (`htmlDoRead`), but that a document read in UTF-8 gets no encoder: it is read
    /// as it is, its encoding recorded so that a `meta` naming another changes nothing (as when the
    /// encoding is named), unless its first bytes tell libxml2 of another encoding (a UTF-16 or UCS-4
    /// start), where it is switched as `htmlCtxtReadMemory` would switch it. libxml2 reads a copy of its
    /// own: given ours as a static buffer, 2.9's HTML parser reads past its end (valgrind shows it).
    private static func readDocument(
        _ context: htmlParserCtxtPtr, _ bytes: UnsafePointer<CChar>?, count length: Int, encoding: String?,
        asIs: Bool
    ) {
        htmlCtxtReset(context)
        guard let bytes, let input = xmlParserInputBufferCreateMem(bytes, Int32(length), XML_CHAR_ENCODING_NONE)
        else { return }
        guard let stream = xmlNewIOInputStream(context, input, XML_CHAR_ENCODING_NONE) else {
            xmlFreeParserInputBuffer(input)
            return
        }
        inputPush(context, stream)
        htmlCtxtUseOptions(context, XMLParserLibrary.htmlOptions)
        context.pointee.html = 1
        if let encoding {
            let start = bytes.withMemoryRebound(to: UInt8.self, capacity: 4) {
                xmlDetectCharEncoding($0, Int32(min(length, 4)))
            }
            if asIs, start == XML_CHAR_ENCODING_NONE || start == XML_CHAR_ENCODING_UTF8 {
                // What switching to the UTF-8 encoder sets, without the encoder: the HTML parser would
                // otherwise guess an encoding at the first byte past ASCII (a late meta's, or Latin-1).
                context.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
                stream.pointee.encoding = UnsafePointer(xmlCharStrdup(encoding))
            } else if let handler = xmlFindCharEncodingHandler(encoding) {
                xmlSwitchToEncoding(context, handler)
                stream.pointee.encoding = UnsafePointer(xmlCharStrdup(encoding))
            }
        }
        htmlParseDocument(context)
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
    }

    /// The SAX handler: every event moves the source position on; only elements and text reach the builder.
    private static func makeHandler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.serror = { _, _ in }
        handler.startElement = { context, name, attributes in
            guard let parser = XHTMLParser.of(context), let name else { return }
            parser.startElement(name, attributes)
        }
        handler.endElement = { context, name in
            guard let parser = XHTMLParser.of(context), let name else { return }
            let start = parser.tracker.source
            _ = parser.position()
            parser.afterStartTag = false
            parser.builder.endElement(name: String(cString: name), source: start)
            if let shouldStop = parser.shouldStop, !parser.stopped, shouldStop() {
                parser.stopped = true
                parser.stopOffset = parser.tracker.source
                xmlStopParser(context?.assumingMemoryBound(to: xmlParserCtxt.self))
            }
        }
        handler.characters = { context, text, length in
            guard let parser = XHTMLParser.of(context), let text, length > 0 else { return }
            parser.characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = { context, _, _ in XHTMLParser.of(context)?.pass() }
        handler.comment = { context, _ in XHTMLParser.of(context)?.pass() }
        handler.processingInstruction = { context, _, _ in XHTMLParser.of(context)?.pass() }
        handler.internalSubset = { context, _, _, _ in XHTMLParser.of(context)?.pass() }
        return handler
    }

    /// The parser a callback belongs to (libxml2 passes the parser context as the callback's context).
    private static func of(_ context: UnsafeMutableRawPointer?) -> XHTMLParser? {
        guard let context, let owner = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else {
            return nil
        }
        let parser = Unmanaged<XHTMLParser>.fromOpaque(owner).takeUnretainedValue()
        // After a stop nothing more reaches the builder (libxml2 may still close what is open).
        return parser.stopped ? nil : parser
    }

    /// An event that gives no text (a comment, a script's content, a doctype): its bytes are passed over.
    private func pass() {
        _ = position()
        afterStartTag = false
    }

    /// The document offset the parser has read to, now.
    private func position() -> Int {
        guard let input = context?.pointee.input?.pointee else { return tracker.source }
        let consumed = Int(input.consumed)
        let decoded = consumed + (input.base.map { input.cur - $0 } ?? 0)
        let current = input.buf?.pointee.encoder
        if current != encoder {
            // Another encoding took over (declared, or met in a meta element): its start is measured
            // once by libxml2 (which converts the rest of the buffer back: linear, so only here). A
            // UTF-8 decoder keeps decoded and document offsets equal, and is not measured.
            encoder = current
            width = current.flatMap { $0.pointee.name }.map {
                XHTMLSourceTracker.EncodedWidth(encodingName: String(cString: $0))
            }
            if let context, current != nil, let width, width != .same {
                let consumedSource = Int(xmlByteConsumed(context))
                if consumedSource >= 0 { tracker.reanchor(decoded: decoded, source: consumedSource) }
            }
        }
        return tracker.advance(to: decoded, consumed: consumed, buffer: input.base, width: width)
    }

    private func startElement(
        _ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        let start = tracker.source
        _ = position()
        afterStartTag = context?.pointee.input?.pointee.cur?.pointee == UInt8(ascii: ">")
        var pairs: [(name: String, value: String)] = []
        if let attributes {
            var index = 0
            while let attributeName = attributes[index] {
                pairs.append((String(cString: attributeName), attributes[index + 1].map { String(cString: $0) } ?? ""))
                index += 2
            }
        }
        builder.startElement(XHTMLElement(name: String(cString: name), attributes: pairs), source: start)
    }

    /// A run of text: it was read from the last position to this one. In a UTF-8 document the decoded
    /// text and the document's bytes are walked side by side, so that each byte after an entity
    /// reference (`&mdash;`) or a skipped byte still maps exactly; otherwise the run maps from its start.
    private func characters(_ text: UnsafeBufferPointer<UInt8>) {
        var start = tracker.source
        if afterStartTag { start += width?.bytes(utf8Length: 1) ?? 1 }
        afterStartTag = false
        let end = position()
        segments.removeAll(keepingCapacity: true)
        segments.append(XHTMLSourceOffset(textOffset: 0, sourceOffset: start))
        if width == nil || width == .same, !readsAsWritten(text, from: start, to: end) {
            var decoded = 0
            var read = start
            let limit = min(end, source.count)
            while decoded < text.count, read < limit {
                if text[decoded] == source[read] {
                    decoded += 1
                    read += 1
                    continue
                }
                if source[read] == UInt8(ascii: "&") {
                    read = XHTMLParser.referenceEnd(source, from: read, limit: limit)
                    decoded += utf8SequenceLength(text[decoded])
                } else {
                    read += 1
                }
                segments.append(XHTMLSourceOffset(textOffset: decoded, sourceOffset: read))
            }
        }
        builder.characters(text, segments: segments)
    }

    /// Whether a run of text is the document's bytes from `start` to `end` as they are (no reference, no
    /// byte left out), as most runs are: then its one segment maps every byte, and nothing is walked.
    private func readsAsWritten(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard end - start == text.count, start >= 0, end <= source.count, let decoded = text.baseAddress else {
            return false
        }
        return source.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, decoded, text.count) == 0 }
    }

    /// The end of the character reference at `start` (`&name;`, `&#123;`, `&#x1F;`, or without its `;`).
    private static func referenceEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> Int {
        var index = start + 1
        if index < limit, bytes[index] == UInt8(ascii: "#") {
            index += 1
            if index < limit, bytes[index] | 0x20 == UInt8(ascii: "x") { index += 1 }
        }
        while index < limit, bytes[index] < 0x80,
            Character(UnicodeScalar(bytes[index])).isLetter || Character(UnicodeScalar(bytes[index])).isNumber
        {
            index += 1
        }
        if index < limit, bytes[index] == UInt8(ascii: ";") { index += 1 }
        return index
    }
}
