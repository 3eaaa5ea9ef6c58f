import Dispatch
import Foundation

/// Jobs run side by side on the machine's cores: the calling thread takes part, the others come from
/// Dispatch's pool. Jobs are handed out in the order of their numbers (the first one first), each
/// exactly once; the results come back in that order whichever thread made them.
enum SideBySide {
    /// The results of `job(0)`, `job(1)`, … `job(count - 1)`, run on every core. `job` may read what the
    /// caller shares with it but must not write to anything another job reads.
    static func results<Result>(_ count: Int, _ job: (Int) -> Result) -> [Result] {
        guard count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return (0..<count).map(job) }
        var slots = [Result?](repeating: nil, count: count)
        withoutActuallyEscaping(job) { job in
            let shared = Unchecked(value: job)
            slots.withUnsafeMutableBufferPointer { buffer in
                // Each job writes its own slot only.
                let output = Unchecked(value: buffer)
                DispatchQueue.concurrentPerform(iterations: count) { number in
                    output.value[number] = shared.value(number)
                }
            }
        }
        return slots.compactMap { $0 }
    }

    /// A value handed to the other threads as it is: `results` makes sure that no two jobs write the same
    /// memory and that the caller's values outlive the jobs.
    private struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
    }
}

/// A flag one thread raises and others look at between pieces of work (a job that made the rest
/// unnecessary). Raised once, never lowered.
final class StopFlag: @unchecked Sendable {
    // Read between pieces of a millisecond or so: a lock costs nothing against that.
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool { lock.withLock { raised } }

    func raise() {
        lock.withLock { raised = true }
    }
}
