import Synchronization

/// What a command is done with but leaves for the process's end to free: the kernel takes a process's
/// memory back at once, where releasing a book's tens of thousands of titles and entries one by one,
/// just before exiting, cost `novel toc` of a dense English book a millisecond or two
/// (docs/benchmarks.md).
enum KeptUntilExit {
    private static let kept = Mutex<[any Sendable]>([])

    static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }
}
