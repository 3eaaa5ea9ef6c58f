import Testing

@testable import NovelCore

/// Every offset of an EPUB's text names its spine item and the XHTML byte it came from.
@Suite struct EpubSourceMapTests {
    @Test func offsetsMapToTheirItemAndByte() throws {
        var map = EpubSourceMap()
        map.append(
            member: "OEBPS/a.xhtml", textBase: 0,
            pairs: [.init(textOffset: 0, sourceOffset: 120), .init(textOffset: 10, sourceOffset: 200)])
        map.append(member: "OEBPS/b.xhtml", textBase: 30, pairs: [.init(textOffset: 0, sourceOffset: 90)])
        #expect(map.place(of: 0) == .init(spineIndex: 0, member: "OEBPS/a.xhtml", offset: 120))
        #expect(map.place(of: 4) == .init(spineIndex: 0, member: "OEBPS/a.xhtml", offset: 124))
        #expect(map.place(of: 12) == .init(spineIndex: 0, member: "OEBPS/a.xhtml", offset: 202))
        #expect(map.place(of: 31)?.description == "OEBPS/b.xhtml:91")
        #expect(map.textStart(ofSpineIndex: 1) == 30)
        #expect(map.textStart(ofSpineIndex: 2) == nil)
    }

    @Test func aRunNeverReachesPastTheNextRunOfItsDocument() {
        var map = EpubSourceMap()
        // 50 bytes of text from 10 bytes of source (an entity-heavy run): offsets stop at the next run.
        map.append(
            member: "c.xhtml", textBase: 0,
            pairs: [.init(textOffset: 0, sourceOffset: 100), .init(textOffset: 50, sourceOffset: 110)])
        #expect(map.place(of: 40)?.offset == 110)
        #expect(map.place(of: 50)?.offset == 110)
    }

    @Test func anItemWhoseFirstRunIsLateStartsAtItsDocumentsStart() {
        var map = EpubSourceMap()
        map.append(member: "d.xhtml", textBase: 7, pairs: [.init(textOffset: 3, sourceOffset: 400)])
        #expect(map.place(of: 7)?.offset == 0)
        #expect(map.place(of: 10)?.offset == 400)
        #expect(EpubSourceMap().place(of: 0) == nil)
    }
}
