import NovelCore

extension Reader {
    /// The statistics overlay: its lines from the top one shown, on the overlay's panel.
    func drawStatistics(_ statistics: StatisticsOverlay, into screen: inout Screen) {
        let list = drawPanel(title: "Reading statistics  (↑/↓ scroll, any other key closes)", into: &screen)
        for (row, line) in zip(list, statisticsLines(statistics).dropFirst(statistics.top)) {
            screen.write(" " + line, row: row, column: 0, style: Style(role: .overlay), measure: width)
        }
    }
}
