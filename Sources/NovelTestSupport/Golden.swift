import Foundation

/// Golden files: text snapshots checked into `Tests/<Target>/Golden/`.
/// Set `NOVEL_RECORD=1` to (re)write them; otherwise a mismatch returns a line diff.
public enum Golden {
    /// Compares `actual` with the golden file `name` next to `testFile`'s folder's `Golden/`.
    /// Returns nil when they match (or after recording), else a readable diff.
    public static func compare(_ actual: String, name: String, testFile: String = #filePath) -> String? {
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden")
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["NOVEL_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: file)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return "golden file \(name) is missing; run the tests with NOVEL_RECORD=1 to record it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == actual { return nil }
        return diff(expected: expected, actual: actual, name: name)
    }

    static func diff(expected: String, actual: String, name: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lines = ["golden \(name) differs (- expected, + actual):"]
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : nil
            let after = index < new.count ? String(new[index]) : nil
            if before != after {
                if let before { lines.append("-\(index + 1): |\(before)|") }
                if let after { lines.append("+\(index + 1): |\(after)|") }
            }
        }
        return lines.joined(separator: "\n")
    }
}
