import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// An EPUB's preformatted block on the reader's screen: its lines at the columns their leading spaces
/// give, a long line broken at the width, the prose around it indented; text, roles and attributes.
@Suite struct PreformattedGoldenTests {
    @Test func aCodeBlockOnScreen() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/code.epub"
        let body =
            "<p>The program below counts the lamps that are <em>lit</em>.</p>"
            + "<pre>func count(lamps: [Lamp]) -> Int {\n    var lit = 0\n    for lamp in lamps where lamp.isLit {"
            + "\n        lit += 1  // 亮着的灯，一盏一盏地数。。。。。。\n    }\n    return lit\n}</pre>"
            + "<p>　　灯笼铺里的灯一盏一盏亮起来，照见门外的雨。</p>"
        try EpubBuilder(documents: [.init("c1.xhtml", body: body)], toc: [.init("Code", href: "c1.xhtml")])
            .write(to: path)
        let book = try BookOpener.open(path: path)
        for columns in [80, 40] {
            let screen = makeReader(columns: columns, rows: 16, start: ReaderStart(offset: 0), book: book).screen()
            let dump =
                ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen) + "\n" + ScreenDump.attributes(screen)
            if let difference = Golden.compare(dump, name: "preformatted-\(columns)x16.txt") {
                Issue.record(Comment(rawValue: difference))
            }
        }
    }
}
