import NovelTestSupport
import Testing

/// `novel toc`, `print` and `info` on two-line books whose heading mixes numeral kinds (issue 24): each
/// used to die with SIGILL before it printed anything.
struct MixedNumeralHeadingTests {
    @Test(arguments: ["第〇1章 标题", "第１二章", "第壹2回", "第一2章"])
    func everyCommandOpensTheBook(heading: String) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write("mixed.txt", "\(heading)\n　　他走了很远的路，才看见那盏灯。\n")
        for command in [["toc", book], ["print", book], ["info", book]] {
            let result = try NovelBinary.run(command, environment: ["NOVEL_HOME": home.path])
            #expect(result.status == 0, "novel \(command[0]) on \(heading): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "novel \(command[0]) printed nothing")
            if command[0] == "print" { #expect(result.stdout.contains("那盏灯")) }
        }
        let toc = try NovelBinary.run(["toc", book], environment: ["NOVEL_HOME": home.path])
        #expect(toc.stdout.contains(heading) == (heading == "第〇1章 标题"), "\(toc.stdout)")
    }
}
