import Foundation

/// The calling thread's nice value, as the kernel reports it: field 19 of `/proc/thread-self/stat`, for
/// tests that work beside the screen runs below it (`BackgroundPriority`).
public enum ThreadNice {
    public static func ofThisThread() -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // Fields after the name start at field 3 (state); nice is field 19.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }
}
