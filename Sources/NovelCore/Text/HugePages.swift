import Foundation

/// Asks the kernel to back a large buffer of the process's own with 2 MB pages (`MADV_HUGEPAGE`,
/// transparent huge pages where the system leaves them to the program). A decoded book is written
/// once from start to end; in 4 KB pages that is a page fault every 4 KB, which cost about a third of
/// the time of decoding a GB18030 book through the table. Only advice: where huge pages are off or
/// none is free, the kernel uses small ones as before.
enum HugePages {
    static let size = 2 << 20

    /// Advises huge pages over the whole 2 MB pages inside the capacity `array` has reserved beyond
    /// its elements (call it right after `reserveCapacity`, before the array is filled).
    static func prefer(forCapacityOf array: inout [UInt8]) {
        let capacity = array.capacity
        guard capacity >= 2 * size else { return }
        array.withUnsafeMutableBufferPointer { elements in
            // The elements' start is the start of the array's own storage, whose length is `capacity`.
            guard let base = elements.baseAddress else { return }
            let start = (Int(bitPattern: base) + size - 1) / size * size
            let end = (Int(bitPattern: base) + capacity) / size * size
            guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(first, end - start, Int32(MADV_HUGEPAGE))
        }
    }
}
