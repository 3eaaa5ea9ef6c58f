import Testing

@testable import NovelCore

/// The spine's documents joined into one text: what each document's text is let go for, and where.
@Suite struct EpubAssemblyTests {
    static func document(_ body: String, reserving: Int = 0) -> XHTMLText {
        XHTMLText.extract(Array("<html><body>\(body)</body></html>".utf8), reserving: reserving)
    }

    static func address(_ bytes: [UInt8]) -> UnsafePointer<UInt8>? {
        bytes.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// A book in one huge document must not be held twice: the first document's text, made with room for
    /// the whole book, is the book's text itself, and the documents after it are written into that room.
    @Test func theFirstDocumentMadeWithRoomForTheBookBecomesItsText() {
        var assembly = EpubAssembly(expectedBytes: 4096)
        let first = Self.document("<p>月が</p><p id=\"two\">綺麗</p>", reserving: assembly.reserved)
        let room = Self.address(first.utf8)
        assembly.append(member: "a.xhtml", text: consume first)
        #expect(Self.address(assembly.utf8) == room)
        assembly.append(member: "b.xhtml", text: Self.document("<p>ですね</p>"))
        #expect(Self.address(assembly.utf8) == room)
        #expect(String(decoding: assembly.utf8, as: UTF8.self) == "月が\n綺麗\n\nですね\n")
        #expect(assembly.offset(member: "a.xhtml", fragment: "two") == "月が\n".utf8.count)
        #expect(assembly.offset(member: "b.xhtml", fragment: nil) == "月が\n綺麗\n\n".utf8.count)
    }

    /// A first document made with no more room than its own text is copied into the book's reserved text,
    /// which then takes the rest without growing.
    @Test func aFirstDocumentWithoutRoomIsCopied() {
        var assembly = EpubAssembly(expectedBytes: 4096)
        let first = Self.document("<p>one</p>")
        let own = Self.address(first.utf8)
        assembly.append(member: "a.xhtml", text: consume first)
        let room = Self.address(assembly.utf8)
        #expect(room != own)
        assembly.append(member: "b.xhtml", text: Self.document("<p>two</p>"))
        #expect(Self.address(assembly.utf8) == room)
        #expect(String(decoding: assembly.utf8, as: UTF8.self) == "one\n\ntwo\n")
    }
}
