/// Cells given to East Asian Ambiguous characters (`“ ” … — · ①`).
/// One cell is what ncurses, glibc and tmux assume; CJK-font terminals often draw two.
public enum AmbiguousWidth: Int, Sendable, Codable, CaseIterable {
    case narrow = 1
    case wide = 2
}
