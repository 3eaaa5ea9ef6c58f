@_implementationOnly import CLibXML2

/// libxml2's one-time set-up, which its documentation asks for before parsers run on several threads.
enum XMLParserLibrary {
    private static let initialised: Void = xmlInitParser()

    /// Makes sure the library is set up; cheap after the first call.
    static func prepare() { _ = initialised }

    /// The XML parser's options: recovery, as a reading system reads what it can; nothing said about the
    /// errors it mends; nothing fetched; CDATA read as text.
    static let xmlOptions = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// The HTML parser's: recovery as a browser recovers, nothing said about the errors it mends, nothing
    /// fetched.
    static let htmlOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue)
}
