import Foundation
import Testing

@testable import NovelCore

/// libxml2's trees as values: names, namespaces, attributes and text; never an external entity.
@Suite struct XMLTreeTests {
    @Test func namesNamespacesAttributesAndTextAreCopiedOut() throws {
        let xml = """
            <?xml version="1.0"?>
            <root xmlns="urn:a" xmlns:b="urn:b" id="r"><b:item b:kind="x" plain="y">one <![CDATA[<two>]]> &amp; three</b:item>
            <!-- a comment --><item/></root>
            """
        let tree = try #require(XMLTree.parse(Array(xml.utf8)))
        #expect(tree.isWellFormed)
        #expect(tree.root.name == "root" && tree.root.namespace == "urn:a" && tree.root.attribute("id") == "r")
        let item = try #require(tree.root.element(named: "item"))
        #expect(item.namespace == "urn:b")
        #expect(item.attribute("kind", namespace: "urn:b") == "x" && item.attribute("kind") == nil)
        #expect(item.attribute("plain") == "y")
        #expect(item.text == "one <two> & three")
        #expect(tree.root.elements(named: "item").count == 2)
    }

    /// `firstDescendant(named:)` is the first of `descendants(named:)`, depth first: a nested match before a
    /// later sibling's.
    @Test func theFirstDescendantIsTheFirstInDocumentOrder() throws {
        let xml = "<r><a><ol id=\"inner\"/></a><ol id=\"sibling\"><ol id=\"nested\"/></ol><b/></r>"
        let tree = try #require(XMLTree.parse(Array(xml.utf8)))
        #expect(tree.root.descendants(named: "ol").map { $0.attribute("id") } == ["inner", "sibling", "nested"])
        #expect(tree.root.firstDescendant(named: "ol")?.attribute("id") == "inner")
        #expect(tree.root.firstDescendant(named: "b")?.name == "b")
        #expect(tree.root.firstDescendant(named: "missing") == nil)
        #expect(tree.root.firstDescendant(named: "r") == nil, "the element itself is not inside itself")
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("novel-xxe-\(UUID().uuidString)")
        try "SECRET".write(to: folder, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY x SYSTEM "file://\(folder.path)"><!ENTITY y "inner">]>
            <r>a &x; b &y; c</r>
            """
        let tree = try #require(XMLTree.parse(Array(xml.utf8)))
        #expect(!tree.root.text.contains("SECRET"))
        #expect(tree.root.text.hasPrefix("a "))
    }

    @Test func deepNestingDoesNotExhaustTheStack() throws {
        let html = String(repeating: "<div>", count: 100_000) + "deep" + String(repeating: "</div>", count: 100_000)
        let tree = try #require(XMLTree.parse(Array(html.utf8), as: .html))
        #expect(tree.root.text.contains("deep") || !tree.root.elements.isEmpty)
        let xml = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        _ = XMLTree.parse(Array(xml.utf8))
    }

    @Test func brokenXMLIsRecoveredAndSaidToBeBroken() throws {
        let tree = try #require(XMLTree.parse(Array("<r><p>one &nbsp; two</r>".utf8)))
        #expect(!tree.isWellFormed)
        #expect(tree.root.name == "r")
        #expect(XMLTree.parse([]) == nil)
        #expect(XMLTree.parse(Array("no markup".utf8)) == nil)
    }
}
