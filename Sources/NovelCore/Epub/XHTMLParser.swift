import Foundation

@_implementationOnly import CLibXML2

/// Runs libxml2's HTML parser over a content document with a SAX handler of our own, so that each
/// event is seen with the byte it was read at (a tree keeps only line numbers, and a CJK book's chapter
/// is often one line), and hands the events to an `XHTMLTextBuilder`.
final class XHTMLParser {
    /// The document's bytes that we keep, from `keptStart` on: all of them until libxml2 has its copy,
    /// then, unless a declared encoding may still switch the parser, only the last `keptTailLength` (the
    /// rest is read in libxml2's input buffer, `withDocumentBytes`), so that a huge document is not held
    /// twice beside its text.
    private var kept: [UInt8]
    private var keptStart = 0
    private let documentLength: Int
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

    private init(source: consuming [UInt8], builder: XHTMLTextBuilder) {
        kept = source
        documentLength = kept.count
        self.builder = builder
    }

    /// How many of the document's last bytes we keep once libxml2 holds its copy. libxml2 2.9 lets go of
    /// bytes it has read only within the input's last 500 bytes (its `SHRINK` when fewer remain), keeping
    /// the 80 before its position, so a run of text that began before a shrink is read here; any run whose
    /// bytes hold an event every 64 KiB (a character run is handed over every 1000 bytes) is covered.
    static let keptTailLength = 1 << 16

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
    /// copies it whole before the first event (`openDocument`), and once libxml2 has its own copy we keep
    /// only the document's last bytes (`letGoOfReadBytes`): a document passed as the caller's last use of it
    /// (`consuming`) is held once while its text is made.
    @discardableResult
    static func parse(
        _ bytes: consuming [UInt8], encoding: String?, into builder: XHTMLTextBuilder,
        shouldStop: (() -> Bool)? = nil
    ) -> Int? {
        XMLParserLibrary.prepare()
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let readsUTF8 = encoding?.uppercased() == XHTMLDeclaredEncoding.utf8
        let parser = XHTMLParser(source: XHTMLDeclaredEncoding.readable(consume bytes, in: encoding), builder: builder)
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
            let opened = parser.kept.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    openDocument(context, $0.baseAddress, count: $0.count, encoding: encoding, asIs: readsUTF8)
                }
            }
            guard opened else { return }
            parser.letGoOfReadBytes()
            htmlParseDocument(context)
            if let document = context.pointee.myDoc {
                context.pointee.myDoc = nil
                xmlFreeDoc(document)
            }
        }
        return parser.stopOffset
    }

    /// Keeps only the document's last bytes where libxml2's input buffer holds the rest as they are: its
    /// encoding is fixed (named, so a `meta` switches nothing) and it has no encoder, or an encoder whose
    /// text is never walked against the document (`characters`). A UTF-8 encoder (its text walked) or an
    /// encoding libxml2 may still switch keeps the whole document.
    private func letGoOfReadBytes() {
        guard let input = context?.pointee.input?.pointee, input.encoding != nil else { return }
        if let name = input.buf?.pointee.encoder?.pointee.name,
            XHTMLSourceTracker.EncodedWidth(encodingName: String(cString: name)) == .same
        {
            return
        }
        guard documentLength > Self.keptTailLength else { return }
        keptStart = documentLength - Self.keptTailLength
        kept = Array(kept[keptStart...])
    }

    /// What `htmlCtxtReadMemory` (`htmlDoRead`) does before its parse, but that a document read in UTF-8
    /// gets no encoder: it is read as it is, its encoding recorded so that a `meta` naming another changes
    /// nothing (as when the encoding is named), unless its first bytes tell libxml2 of another encoding (a
    /// UTF-16 or UCS-4 start), where it is switched as `htmlCtxtReadMemory` would switch it. libxml2 reads a
    /// copy of its own: given ours as a static buffer, 2.9's HTML parser reads past its end (valgrind shows
    /// it). Returns whether the document is ready to parse.
    private static func openDocument(
        _ context: htmlParserCtxtPtr, _ bytes: UnsafePointer<CChar>?, count length: Int, encoding: String?,
        asIs: Bool
    ) -> Bool {
        htmlCtxtReset(context)
        guard let bytes, let input = xmlParserInputBufferCreateMem(bytes, Int32(length), XML_CHAR_ENCODING_NONE)
        else { return false }
        guard let stream = xmlNewIOInputStream(context, input, XML_CHAR_ENCODING_NONE) else {
            xmlFreeParserInputBuffer(input)
            return false
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
        return true
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
        if width == nil || width == .same {
            withDocumentBytes(from: start, to: end) { source in
                guard !readsAsWritten(text, source, length: end - start) else { return }
                var decoded = 0
                var read = 0
                while decoded < text.count, read < source.count {
                    if text[decoded] == source[read] {
                        decoded += 1
                        read += 1
                        continue
                    }
                    if source[read] == UInt8(ascii: "&") {
                        read = XHTMLParser.referenceEnd(source, from: read, limit: source.count)
                        decoded += utf8SequenceLength(text[decoded])
                    } else {
                        read += 1
                    }
                    segments.append(XHTMLSourceOffset(textOffset: decoded, sourceOffset: start + read))
                }
            }
        }
        builder.characters(text, segments: segments)
    }

    /// Calls `body` with the document's bytes from `start` to `end` (or to the document's end), read where
    /// they are held: in the bytes we keep, or in libxml2's input buffer, which without an encoder holds
    /// the document's bytes as they are from its `consumed` on. `body` is not called for an empty or
    /// reversed range, nor for bytes neither holds (a run of text begun over 64 KiB before a shrink near
    /// the document's end, `keptTailLength`): that run then maps from its start.
    private func withDocumentBytes(
        from start: Int, to end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let end = min(end, documentLength)
        guard start >= 0, start < end else { return }
        if start >= keptStart {
            kept.withUnsafeBufferPointer {
                body(UnsafeBufferPointer(rebasing: $0[(start - keptStart)..<(end - keptStart)]))
            }
            return
        }
        guard let input = context?.pointee.input?.pointee, input.buf?.pointee.encoder == nil,
            let base = input.base, let inputEnd = input.end
        else { return }
        let consumed = Int(input.consumed)
        guard start >= consumed, end - consumed <= inputEnd - base else { return }
        body(UnsafeBufferPointer(start: base + (start - consumed), count: end - start))
    }

    /// Whether a run of text is the document's bytes `source`, `length` of them from where the run started,
    /// as they are (no reference, no byte left out), as most runs are: then its one segment maps every
    /// byte, and nothing is walked.
    private func readsAsWritten(_ text: UnsafeBufferPointer<UInt8>, _ source: UnsafeBufferPointer<UInt8>, length: Int)
        -> Bool
    {
        guard length == text.count, source.count == text.count, let decoded = text.baseAddress,
            let read = source.baseAddress
        else { return false }
        return memcmp(read, decoded, text.count) == 0
    }

    /// The end of the character reference at `start` (`&name;`, `&#123;`, `&#x1F;`, or without its `;`).
    private static func referenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
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
