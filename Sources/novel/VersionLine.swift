import CBuildInfo
import NovelCore

/// What `novel --version` prints: the version, then the commit and the day of the build where
/// scripts/build-novel recorded them (the installed binary and the Debian package always do).
enum VersionLine {
    static let text = line(
        version: NovelVersion.string, commit: String(cString: novel_build_commit()),
        date: String(cString: novel_build_date()))

    static func line(version: String, commit: String, date: String) -> String {
        switch (commit.isEmpty, date.isEmpty) {
        case (false, false): "novel \(version) (commit \(commit), built \(date))"
        case (false, true): "novel \(version) (commit \(commit))"
        case (true, false): "novel \(version) (built \(date))"
        case (true, true): "novel \(version) (development build)"
        }
    }
}
