@_implementationOnly import CLibXML2

/// libxml2's one-time set-up, which its documentation asks for before parsers run on several threads.
enum XMLParserLibrary {
    private static let initialised: Void = xmlInitParser()

    /// Makes sure the library is set up; cheap after the first call.
    static func prepare() { _ = initialised }
}
