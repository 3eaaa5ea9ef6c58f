import Foundation
import NovelTestSupport
import Testing

/// `novel rules`: every flag and its errors, through the binary.
@Suite struct RulesCommandTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    @Test func listingShowsTheBuiltInsAndTheFile() throws {
        defer { home.remove() }
        let result = try novel("rules")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(home.path + "/config/rules.json"))
        #expect(result.stdout.contains("on   bare URL  (built-in site junk)"), "\(result.stdout)")
    }

    @Test func addRemoveEnableDisableAndJSON() throws {
        defer { home.remove() }
        var result = try novel("rules", "--add", "ads", "--pattern", "请收藏.*", "--regex", "--scope", "*.txt")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("on   ads  /请收藏.*/ → ''  [*.txt]"), "\(result.stdout)")
        result = try novel("rules", "--add", "names", "--pattern", "萧炎", "--replace", "肖炎")
        #expect(result.stdout.contains("on   names  '萧炎' → '肖炎'"))
        result = try novel("rules", "--disable", "ads")
        #expect(result.stdout.contains("off  ads"))
        result = try novel("rules", "--disable", "bare URL")
        #expect(result.stdout.contains("off  bare URL"))
        result = try novel("rules", "--enable", "ads")
        #expect(result.stdout.contains("on   ads"))
        result = try novel("rules", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let ads = try #require(rows.first { $0["name"] as? String == "ads" })
        #expect(ads["regex"] as? Bool == true && ads["scope"] as? String == "*.txt" && ads["builtIn"] as? Bool == false)
        #expect(rows.first { $0["name"] as? String == "bare URL" }?["enabled"] as? Bool == false)
        result = try novel("rules", "--remove", "ads")
        #expect(result.status == 0 && !result.stdout.contains(" ads "))
        let file = try String(contentsOfFile: home.path + "/config/rules.json", encoding: .utf8)
        #expect(file.contains("\"names\"") && file.contains("\"version\" : 1"))
    }

    @Test func errorsNameTheProblem() throws {
        defer { home.remove() }
        var result = try novel("rules", "--add", "bad", "--pattern", "ab(c", "--regex")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("invalid regular expression") && result.stderr.contains("at character"),
            "\(result.stderr)")
        result = try novel("rules", "--add", "x", "--pattern", "a")
        result = try novel("rules", "--add", "x", "--pattern", "b")
        #expect(result.status == 2 && result.stderr.contains("already exists"))
        result = try novel("rules", "--remove", "nope")
        #expect(
            result.status == 2 && result.stderr.contains("no rule named 'nope'") && result.stderr.contains("bare URL"))
        result = try novel("rules", "--remove", "bare URL")
        #expect(result.status == 2 && result.stderr.contains("built-in"))
        result = try novel("rules", "--enable", "nope")
        #expect(result.status == 2)
        result = try novel("rules", "--add", "y")
        #expect(result.status != 0 && result.stderr.contains("--pattern"))
        result = try novel("rules", "--pattern", "y")
        #expect(result.status != 0 && result.stderr.contains("--add"))
        result = try novel("rules", "--remove", "x", "--disable", "x")
        #expect(result.status != 0 && result.stderr.contains("only one"))
        result = try novel("rules", "--test", home.path + "/missing.txt")
        #expect(result.status != 0 && result.stderr.contains("missing.txt"))
    }

    @Test func testCountsMatchesWithSamplesAndPrintFollowsTheRules() throws {
        defer { home.remove() }
        let book = try home.write("book.txt", "第一章 开始\n\n萧炎来了。\n请收藏本站\n萧炎走了。\n")
        _ = try novel("rules", "--add", "names", "--pattern", "萧炎", "--replace", "肖炎")
        _ = try novel("rules", "--add", "ads", "--pattern", "请收藏本站")
        _ = try novel("rules", "--add", "elsewhere", "--pattern", "x", "--scope", "other*")
        let result = try novel("rules", "--test", book)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2\ton   names"), "\(result.stdout)")
        #expect(result.stdout.contains("萧炎来了。") && result.stdout.contains("1\ton   ads"))
        #expect(!result.stdout.contains("elsewhere"), "a rule scoped to other books is not listed")
        let json = try novel("rules", "--test", book, "--json")
        #expect(json.stdout.contains("\"matches\" : 2") || json.stdout.contains("\"matches\":2"), "\(json.stdout)")
        let printed = try novel("print", book)
        #expect(printed.stdout.contains("肖炎来了。") && !printed.stdout.contains("请收藏本站"), "\(printed.stdout)")
        _ = try novel("rules", "--disable", "names")
        #expect(try novel("print", book).stdout.contains("萧炎来了。"))
    }
}
