import Foundation
import Synchronization

/// Jobs run side by side on the machine's cores: the calling thread takes part, with one more thread
/// per other core (at most `maximumHelpers`). Jobs are handed out in the order of their numbers (the
/// first one first), each exactly once; the results come back in that order whichever thread made them.
///
/// Plain threads joined with `pthread_join`, not Dispatch's `concurrentPerform`: a thread whose jobs are
/// done sleeps until the others are, where Dispatch's spins, which on a busy machine takes the time
/// from the very thread it waits for.
enum SideBySide {
    /// More threads than this gain nothing for the passes that use them (they share the memory bus).
    static let maximumHelpers = 3

    /// The cores besides the calling thread's: none means the jobs run one after the other, and work done
    /// beside other work on speculation only costs.
    static var otherCores: Int { ProcessInfo.processInfo.activeProcessorCount - 1 }

    /// The results of `job(0)`, `job(1)`, … `job(count - 1)`, run on every core. `job` may read what the
    /// caller shares with it but must not write to anything another job reads.
    static func results<Result>(_ count: Int, _ job: (Int) -> Result) -> [Result] {
        let helpers = min(count - 1, otherCores, maximumHelpers)
        guard helpers > 0 else { return (0..<count).map(job) }
        var slots = [Result?](repeating: nil, count: count)
        withoutActuallyEscaping(job) { job in
            slots.withUnsafeMutableBufferPointer { slotsBuffer in
                let buffer = slotsBuffer
                // Each job writes its own slot only; `work` outlives the threads (they are joined here).
                let work = Work(count: count) { number in buffer[number] = job(number) }
                var threads: [pthread_t] = []
                for _ in 0..<helpers {
                    let context = Unmanaged.passRetained(work).toOpaque()
                    var thread = pthread_t()
                    if pthread_create(
                        &thread, nil,
                        { context in
                            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
                            return nil
                        }, context) == 0
                    {
                        threads.append(thread)
                    } else {
                        Unmanaged<Work>.fromOpaque(context).release()  // the jobs run on the threads there are
                    }
                }
                work.run()
                for thread in threads { pthread_join(thread, nil) }
            }
        }
        return slots.compactMap { $0 }
    }

    /// The jobs and the number of the next one to hand out. Not Sendable: it reaches the helper threads
    /// through `pthread_create`'s context pointer, which the compiler does not see (docs/architecture.md,
    /// "Concurrency the compiler does not check").
    private final class Work {
        private let next = Atomic(0)
        private let count: Int
        private let job: (Int) -> Void

        init(count: Int, job: @escaping (Int) -> Void) {
            self.count = count
            self.job = job
        }

        /// Takes jobs until none is left.
        func run() {
            while let number = take() { job(number) }
        }

        private func take() -> Int? {
            // Numbers past `count` are handed out too once every job is taken (one per thread at most).
            let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
            return number < count ? number : nil
        }
    }
}

/// A flag one thread raises and others look at between pieces of work (a job that made the rest
/// unnecessary). Raised once, never lowered.
final class StopFlag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() {
        raised.store(true, ordering: .releasing)
    }
}
