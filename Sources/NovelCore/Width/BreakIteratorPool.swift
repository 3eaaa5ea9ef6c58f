import CICU
import Foundation

/// Reuses ICU character break iterators between calls. Opening one costs about 6 µs, far more than
/// measuring a line, and the layout measures line by line.
final class BreakIteratorPool: @unchecked Sendable {
    static let shared = BreakIteratorPool()

    private let lock = NSLock()
    /// Idle iterators; guarded by `lock`.
    private var idle: [OpaquePointer] = []
    private let capacity = 8

    /// An iterator over `text` (non-empty); hand it back with `recycle` when done.
    func take(_ text: UnsafeBufferPointer<UInt8>) -> OpaquePointer {
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        var error: Int32 = 0
        if let reused {
            nicu_break_set_utf8(reused, text.baseAddress, Int64(text.count), &error)
            if error <= 0 { return reused }
            nicu_break_close(reused)
        }
        guard
            let iterator = nicu_break_open_utf8(
                Int32(NICU_BREAK_CHARACTER), nil, text.baseAddress, Int64(text.count), &error)
        else { preconditionFailure("ICU character break iterator: \(String(cString: nicu_error_name(error)))") }
        return iterator
    }

    func recycle(_ iterator: OpaquePointer) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < capacity {
            idle.append(iterator)
        } else {
            nicu_break_close(iterator)
        }
    }
}
