import ArgumentParser
import NovelCore

/// Dumps novel's width of every assigned code point, for scripts/width-compare.py (hidden from help).
struct WidthsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widths", abstract: "Print the cell width of every assigned code point (for width-compare).",
        discussion: """
            Examples:
              novel widths > widths.tsv
              printf '中文abc\\n' | novel widths --lines
            """,
        shouldDisplay: false)

    @Flag(help: "Include unassigned code points.") var all = false
    @Flag(help: "Instead, read lines from standard input and print each line's width (narrow, wide).")
    var lines = false
    @Flag(help: "Instead, print Sources/CICU/scalar_runs.c built from this ICU (scripts/gen-scalar-runs).")
    var scalarRunsC = false

    func run() {
        if scalarRunsC {
            StandardOutput.write(ScalarRunsSource.cSource())
            return
        }
        if lines {
            while let line = readLine(strippingNewline: true) {
                let narrow = DisplayWidth(ambiguous: .narrow).width(of: line)
                StandardOutput.writeLine("\(narrow)\t\(DisplayWidth(ambiguous: .wide).width(of: line))")
            }
            return
        }
        let narrow = DisplayWidth(ambiguous: .narrow)
        let wide = DisplayWidth(ambiguous: .wide)
        var output = "# unicode \(ScalarProperties.unicodeVersion)\n# code\tcategory\teast-asian-width\tnarrow\twide\n"
        for code in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(code) {
            let category = ScalarProperties.generalCategory(code)
            if category == "Cn" && !all { continue }
            output +=
                "\(String(code, radix: 16, uppercase: true))\t\(category)\t\(ScalarProperties.eastAsianWidth(code))"
            output += "\t\(narrow.scalarWidth(code))\t\(wide.scalarWidth(code))\n"
        }
        StandardOutput.write(output)
    }
}
