import Foundation
import NovelTestSupport
import Testing

/// `novel toc BOOK --explain` run as a user reporting a bad table of contents would.
struct TocExplainTests {
    @Test func everyHeadingLikeLineIsListedWithItsDecisionAndReason() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write(
            "書.txt",
            "目錄\n第一回　甲\n第二回　乙\n第三回　丙\n\n第一回　甲\n　　話說。\n\n第二回　乙\n　　話說。\n\n"
                + "第三回就寫到這裡，下回再說。\n第三回　丙\n　　話說。\n")
        let result = try NovelBinary.run(["toc", book, "--explain"], environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rule: chinese")
        #expect(lines.contains(" 2  dropped   第一回　甲"))
        #expect(lines.contains(" 6  chapter   第一回　甲"))
        #expect(lines.contains("12  rejected  第三回就寫到這裡，下回再說。"))
        #expect(lines.contains("13  chapter   第三回　丙"))
        // Each decision line is followed by its reason, indented.
        let reason = try #require(lines.firstIndex(of: " 2  dropped   第一回　甲")).advanced(by: 1)
        #expect(lines[reason].hasPrefix("      list of contents"))
        #expect(lines.filter { !$0.hasPrefix(" ") && $0 != "rule: chinese" }.count == 2)
    }
}
