import Foundation
import Synchronization

/// The temporary files novel writes beside a file before renaming them over it (`AtomicFile`, the
/// chapter-index cache): `.NAME.tmp-PID-RANDOM`, so that one a killed writer left behind can be told by
/// its name and is removed by a later write in the same folder (`removeStale`).
enum TemporaryFile {
    /// What every temporary file's name holds, before the writer's process id.
    static let marker = ".tmp-"
    /// A temporary file this old is stale whoever wrote it (its process id may have been reused): no write
    /// takes an hour.
    static let staleAge: TimeInterval = 3600
    /// A temporary file written to within this time is never touched, even when no process has the id in
    /// its name: its writer may be alive in another PID namespace (a container sharing the home folder).
    static let writerGrace: TimeInterval = 60

    /// A new temporary file's path for `path` (in its folder).
    static func path(for path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return directory + "/.\(name)\(marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The writer's process id a temporary file's name carries, or nil when `name` is not a temporary
    /// file's. Also the older `NAME.tmp-PID` the index cache wrote.
    static func writer(ofName name: String) -> pid_t? {
        guard let marked = name.range(of: marker, options: .backwards) else { return nil }
        let fields = name[marked.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let pid = pid_t(fields[0]), pid > 0, fields.count == 1 || UInt32(fields[1]) != nil
        else { return nil }
        return pid
    }

    /// Whether a temporary file last written `age` seconds ago by process `writer` is stale.
    static func isStale(age: TimeInterval, writer: pid_t, isRunning: (pid_t) -> Bool) -> Bool {
        age >= staleAge || (age >= writerGrace && !isRunning(writer))
    }

    /// The folders this process has cleaned already.
    private static let cleaned = Mutex<Set<String>>([])

    /// `removeStale(in:)` the first time this process writes in `folder`: stale files appear only when a
    /// writer is killed, so listing the folder again at every save (the reader saves its place every few
    /// seconds) would find nothing new.
    static func removeStaleOnce(in folder: String) {
        guard cleaned.withLock({ $0.insert(folder).inserted }) else { return }
        removeStale(in: folder)
    }

    /// Removes the stale temporary files among `names` (the entries of `folder`, when the caller has
    /// listed it already); others' files and anything but regular files are left alone.
    static func removeStale(
        in folder: String, names: [String]? = nil, now: Date = Date(),
        isRunning: (pid_t) -> Bool = TemporaryFile.isRunning
    ) {
        for name in names ?? RawPath.names(inDirectory: folder) ?? [] {
            guard let writer = writer(ofName: name) else { continue }
            let path = folder + "/" + name
            var status = stat()
            guard RawPath.withCString(path, { lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
                continue
            }
            let written = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
            if isStale(age: now.timeIntervalSince(written), writer: writer, isRunning: isRunning) {
                _ = RawPath.withCString(path) { unlink($0) }
            }
        }
    }

    /// Whether a process with this id runs (one of another user's answers EPERM, and runs).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
