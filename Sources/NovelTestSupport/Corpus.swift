import Foundation

/// The repository and the shared test corpus beside it (`../shared/corpus`).
public enum Corpus {
    /// The repository root, found from this file's location.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `../shared/corpus`, or nil when it is absent (tests then skip with a visible message).
    public static let root: URL? = {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.md").path) ? url : nil
    }()

    /// Why corpus tests are skipped, for `.enabled(if:)` comments and log lines.
    public static let absentMessage = "../shared/corpus is absent: corpus tests skipped"

    public static var isAvailable: Bool {
        if root == nil { print("note: \(absentMessage)") }
        return root != nil
    }

    /// A file under the corpus, such as `real/xiyouji.gb18030-lf.txt`.
    public static func path(_ relative: String) -> String {
        guard let root else { return "/nonexistent/shared/corpus/" + relative }
        return root.appendingPathComponent(relative).path
    }

    /// A file under the repository, such as `books/青灯记.txt`.
    public static func repositoryPath(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent(relative).path
    }
}
