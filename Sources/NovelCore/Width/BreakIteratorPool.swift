import CICU
import Synchronization

/// Reuses ICU character break iterators between calls. Opening one costs far more than measuring a line,
/// and the layout measures line by line.
/// An iterator is used by one thread from `take` to `recycle`; only idle ones are in the pool, kept by
/// their addresses (an ICU handle is an address the compiler cannot follow into C).
final class BreakIteratorPool: Sendable {
    static let shared = BreakIteratorPool()

    private let idle = Mutex<[UInt]>([])
    private let capacity = 8

    /// An iterator over `text` (non-empty); hand it back with `recycle` when done.
    func take(_ text: UnsafeBufferPointer<UInt8>) -> OpaquePointer {
        let reused = idle.withLock { $0.popLast() }.flatMap { OpaquePointer(bitPattern: $0) }
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
        let capacity = capacity
        let address = UInt(bitPattern: iterator)
        let kept = idle.withLock { idle in
            guard idle.count < capacity else { return false }
            idle.append(address)
            return true
        }
        if !kept { nicu_break_close(iterator) }
    }
}
