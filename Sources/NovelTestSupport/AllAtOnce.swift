import Foundation
import Synchronization

/// What `body(0)`, `body(1)`, … `body(threads - 1)` return, each run on a thread of its own; the threads
/// are released together once all of them have started. For tests of what several threads do to one
/// thing at the same moment.
public func allAtOnce<Result: Sendable>(_ threads: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let run = Run<Result>(threads)
    let done = DispatchGroup()
    for number in 0..<threads {
        done.enter()
        Thread {
            run.arriveAndWait()
            run.finish(number, body(number))
            done.leave()
        }.start()
    }
    done.wait()
    return run.results
}

/// The threads' starting gate and their results.
private final class Run<Result: Sendable>: Sendable {
    private let count: Int
    private let arrived = Atomic(0)
    private let finished: Mutex<[Int: Result]> = Mutex([:])

    init(_ count: Int) { self.count = count }

    /// Holds the calling thread until every thread has arrived.
    func arriveAndWait() {
        arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < count { sched_yield() }
    }

    func finish(_ number: Int, _ result: Result) {
        finished.withLock { $0[number] = result }
    }

    var results: [Result] {
        finished.withLock { finished in (0..<count).compactMap { finished[$0] } }
    }
}
