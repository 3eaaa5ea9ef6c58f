import Foundation

/// A process id that no process has now, for the name of a temporary file whose writer was killed: counted
/// down from the highest the kernel gives out, where ids are seldom in use. Nil when none is free.
public func unusedProcessID() -> pid_t? {
    let maximum =
        (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
        .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 32768
    return (2..<maximum).reversed().first { kill($0, 0) != 0 && errno == ESRCH }
}
