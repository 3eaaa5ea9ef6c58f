@testable import NovelCore

/// Small books written for the chapter tests in this folder.
enum ChapterTestBook {
    static func index(_ text: String, pattern: String? = nil) throws -> ChapterIndex {
        try ChapterSplitter(customPattern: pattern).split(bookText(text))
    }

    static func bookText(_ text: String) -> BookText {
        BookText(utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
    }

    /// The entries that come from headings (not front matter or made-up sections).
    static func headings(_ text: String, pattern: String? = nil) throws -> [TOCEntry] {
        try index(text, pattern: pattern).entries.filter { $0.kind != .front && $0.kind != .section }
    }

    /// Each heading line followed by a paragraph of prose.
    static func body(_ headings: [String]) -> String {
        headings.map { "\($0)\n　　他走了很远的路，才看见那盏灯。灯下有人在等他，等了很多年。\n\n" }.joined()
    }

    /// The text of `entry` in `text`.
    static func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    /// The 1-based line on which `offset` lies.
    static func line(_ text: String, _ offset: Int) -> Int {
        Array(text.utf8)[..<offset].filter { $0 == 0x0A }.count + 1
    }

    static let couplets = [
        ("本天倫談性命之情", "遵母命游婚姻之學"), ("負笈探奇不憚山山", "逢人話舊忽驚妹妹"), ("江少師認義兒引賊", "珠小姐索和詩掩耳"),
        ("蠢丫頭喜挑嘴言出", "俏侍兒悄呼郎口到"), ("賢小姐走捷徑守常", "私心才定忽驚慈命"),
    ]
    static let numerals = ["一", "二", "三", "四", "五"]
}
