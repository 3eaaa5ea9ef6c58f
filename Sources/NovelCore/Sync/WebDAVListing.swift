import Foundation

@_implementationOnly import CLibXML2

/// The names in a PROPFIND answer (a `DAV:multistatus`, RFC 4918 §14.16) that are directly inside the
/// collection asked about. The answer is untrusted: it is parsed by libxml2's XML parser strictly (no
/// recovery, no network, no entity but XML's own), each href is percent-decoded, and a name is kept only
/// when it is one part that `SyncPath` accepts; the collection itself and anything deeper or elsewhere are
/// left out.
enum WebDAVListing {
    static let davNamespace = "DAV:"

    /// The child names, or nil when the bytes are not a multistatus document.
    static func names(in answer: Data, collectionPath: String) -> [String]? {
        guard !answer.isEmpty, answer.count <= Int(Int32.max) else { return nil }
        XMLParserLibrary.prepare()
        let hrefs = answer.withUnsafeBytes { bytes -> [String]? in
            guard let context = xmlNewParserCtxt() else { return nil }
            defer { xmlFreeParserCtxt(context) }
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            let pointer = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
            guard let document = xmlCtxtReadMemory(context, pointer, Int32(bytes.count), nil, nil, Int32(options))
            else { return nil }
            defer { xmlFreeDoc(document) }
            guard context.pointee.wellFormed != 0, let root = xmlDocGetRootElement(document),
                isDAV(root, named: "multistatus")
            else { return nil }
            var hrefs: [String] = []
            for response in children(of: root) where isDAV(response, named: "response") {
                for href in children(of: response) where isDAV(href, named: "href") {
                    hrefs.append(text(of: href))
                }
            }
            return hrefs
        }
        guard let hrefs else { return nil }
        var names: [String] = []
        var seen: Set<String> = []
        for href in hrefs {
            guard let name = childName(href: href, collectionPath: collectionPath), seen.insert(name).inserted
            else { continue }
            names.append(name)
        }
        return names
    }

    /// The name an href gives directly inside the collection, or nil where it is the collection itself,
    /// deeper, elsewhere, or a name `SyncPath` refuses. An href is a path or a whole URL (RFC 4918 §8.3).
    static func childName(href: String, collectionPath: String) -> String? {
        var encoded = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if encoded.lowercased().hasPrefix("http://") || encoded.lowercased().hasPrefix("https://") {
            guard let components = URLComponents(string: encoded) else { return nil }
            encoded = components.percentEncodedPath
        }
        guard let path = encoded.removingPercentEncoding, path.hasPrefix(collectionPath) else { return nil }
        var name = path.dropFirst(collectionPath.count)
        if name.hasSuffix("/") { name = name.dropLast() }
        guard !name.isEmpty, !name.contains("/"), SyncPath.isValid(String(name)) else { return nil }
        return String(name)
    }

    private static func isDAV(_ node: xmlNodePtr, named name: String) -> Bool {
        guard node.pointee.type == XML_ELEMENT_NODE, let namespace = node.pointee.ns?.pointee.href,
            let localName = node.pointee.name
        else { return false }
        return String(cString: namespace) == davNamespace && String(cString: localName) == name
    }

    private static func children(of node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            result.append(current)
            child = current.pointee.next
        }
        return result
    }

    /// The text directly inside an element (an href holds nothing else).
    private static func text(of node: xmlNodePtr) -> String {
        var result = ""
        for child in children(of: node)
        where child.pointee.type == XML_TEXT_NODE || child.pointee.type == XML_CDATA_SECTION_NODE {
            if let content = child.pointee.content { result += String(cString: content) }
        }
        return result
    }
}
