import NovelCore

extension DisplayWidth {
    /// `text` in lines of at most `width` cells: cut at the last space that fits, or between two
    /// characters where there is none (Chinese, a long word); the spaces at a cut are dropped.
    func wrapped(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var lastSpace: String.Index?
        for character in text {
            let cells = self.width(of: String(character))
            if lineWidth + cells > width, !line.isEmpty {
                if character == " " {
                    lines.append(line)
                    (line, lineWidth, lastSpace) = ("", 0, nil)
                    continue
                }
                if let space = lastSpace {
                    lines.append(String(line[..<space]))
                    line = String(line[line.index(after: space)...])
                } else {
                    lines.append(line)
                    line = ""
                }
                lineWidth = self.width(of: line)
                lastSpace = nil
            }
            if character == " " {
                if line.isEmpty { continue }
                lastSpace = line.endIndex
            }
            line.append(character)
            lineWidth += cells
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
