import Foundation

/// The reader's rows of the scale benchmark (issue 19), per generated book: its first screen against
/// `less`'s on the same file, and its peak RSS once the whole book is loaded and two chapter jumps were
/// made (each `]` acts only when the book is loaded, so the jumps also wait for the load).
enum ScaleReaderBenchmarks {
    static func rows(path: String, name: String, size: Int, reEncoded: Bool, _ context: Context) -> [Row] {
        let launch = "scale \(name): first screen of `novel read`, first open"
        let memory = "scale \(name): peak RSS of `novel read`"
        guard context.commandIsBuilt("read") else {
            return [
                Row(work: launch, goal: "≤ 2× the time", verdict: .notBuilt("`novel read` is a placeholder")),
                Row(work: memory, goal: "(as for toc)", verdict: .notBuilt("`novel read` is a placeholder")),
            ]
        }
        do {
            let tmux = try TmuxBench(context)
            let marker = TerminalBenchmarks.marker(context)  // the generated books start as the big book does
            func novel(_ home: String) -> String { "exec env NOVEL_HOME='\(home)' '\(context.novel)' read '\(path)'" }
            var rows: [Row] = []
            // less takes a GB18030 file for binary and asks before showing it: no first screen to compare.
            if !reEncoded {
                let less = try collect(warmups: 0, runs: context.plan.slowRuns) {
                    defer { tmux.finish() }
                    return try tmux.launch("exec env LESSHISTFILE=- LESS= less -- '\(path)'", until: marker)
                }
                let ours = try collect(warmups: 0, runs: context.plan.slowRuns) {
                    let home = try context.freshFolder("scale/launch-home")
                    defer { tmux.finish() }
                    return try tmux.launch(novel(home), until: marker)
                }
                rows.append(
                    .timeRatio(
                        launch, ours: ours, reference: less, referenceName: "`less`", limit: 2,
                        goal: "≤ 2× the time", note: "polling capture-pane"))
            }
            let home = try context.freshFolder("scale/read-home")
            _ = try tmux.launch(novel(home), until: marker)
            defer { tmux.finish() }
            let pid = try tmux.panePID()
            var status = try statusRow(tmux)
            for _ in 0..<2 {
                try tmux.sendKeys(["]"])
                status = try waitForNewStatus(after: status, tmux)
            }
            usleep(300_000)  // the jump's chapter drawn and laid out
            let peak = try peakRSS(of: pid)
            try tmux.sendKeys(["q"])
            try tmux.waitForExit()
            rows.append(
                ScaleBenchmarks.memoryRow(
                    memory, peak: peak, size: size, reEncoded: reEncoded,
                    note: "VmHWM after the first screen, the whole load and 2 chapter jumps"))
            return rows
        } catch {
            return [Row(work: launch + " / " + memory, goal: "", verdict: .failed("\(error)"))]
        }
    }

    /// The bottom row of the screen (the status bar).
    static func statusRow(_ tmux: TmuxBench) throws -> String {
        try tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty })
            .map(String.init) ?? ""
    }

    /// Waits until the status bar shows a chapter other than `previous`, no longer loading or waiting.
    static func waitForNewStatus(after previous: String, _ tmux: TmuxBench, timeout: Double = 600) throws -> String {
        let start = now()
        while now() - start < timeout {
            let row = try statusRow(tmux)
            if row != previous, !row.contains("loading"), !row.contains("waits") { return row }
            usleep(50_000)
        }
        throw BenchError("the status bar stayed \"\(previous)\" for \(Int(timeout)) s")
    }
}
