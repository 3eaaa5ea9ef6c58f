import Foundation
import NovelCore
import NovelTestSupport

@testable import NovelTUI

/// A Japanese EPUB with ruby (furigana) on many words, made in the test and opened as the reader opens
/// any book, so that its readings come from the content documents as a real book's do.
enum RubyBook {
    static let paragraphs = [
        "<ruby>東京<rt>とうきょう</rt></ruby>の<ruby>空<rt>そら</rt></ruby>は朝から<ruby>灰色<rt>はいいろ</rt></ruby>"
            + "だった。<ruby>彼<rt>かれ</rt></ruby>は<ruby>傘<rt>かさ</rt></ruby>を持たずに家を出た。",
        "駅までの道は長く、<ruby>雨<rt>あめ</rt></ruby>は少しずつ強くなっていった。角の店の"
            + "<ruby>主人<rt>しゅじん</rt></ruby>が声をかけた。",
        "「<ruby>今日<rt>きょう</rt></ruby>は冷えますね」と<ruby>彼女<rt>かのじょ</rt></ruby>は言い、"
            + "<ruby>温<rt>あたた</rt></ruby>かい<ruby>茶<rt>ちゃ</rt></ruby>を出した。",
        "窓の外では<ruby>電車<rt>でんしゃ</rt></ruby>が<ruby>通<rt>とお</rt></ruby>り過ぎ、"
            + "<ruby>硝子<rt>ガラス</rt></ruby>が小さく鳴った。",
    ]

    static let book: Book = {
        var body = "<h1>第一章　雨の朝</h1>\n"
        for index in 0..<12 { body += "<p>" + paragraphs[index % paragraphs.count] + "</p>\n" }
        var builder = EpubBuilder(
            documents: [EpubBuilder.Document("text/one.xhtml", body: body)],
            toc: [EpubBuilder.NavEntry("第一章　雨の朝", href: "text/one.xhtml")])
        builder.language = "ja"
        builder.title = "雨の朝"
        do {
            let folder = try TemporaryDirectory("novel-ruby")
            defer { folder.remove() }
            let path = folder.path + "/rain.epub"
            try builder.write(to: path)
            return try BookOpener.open(path: path)
        } catch {
            fatalError("the ruby book could not be made: \(error)")
        }
    }()

    /// The bytes of the `occurrence`th `needle` in the book's text.
    static func range(_ needle: String, _ occurrence: Int = 0) -> Range<Int> {
        TestBooks.byteRange(of: needle, in: book, occurrence: occurrence)
    }

    static func settings(_ ruby: RubyDisplay, transition: Settings.Transition = .page) -> Settings {
        var settings = Settings()
        settings.ruby = ruby
        settings.transition = transition
        return settings
    }
}
