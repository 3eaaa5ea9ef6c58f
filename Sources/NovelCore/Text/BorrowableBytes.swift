/// Bytes a caller can borrow as one contiguous buffer: an array, or a book's `TextBytes` (which may
/// be a memory map of the file). Code that scans text takes this, so it works on either without a copy.
public protocol BorrowableBytes {
    var count: Int { get }
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result
}

extension Array: BorrowableBytes where Element == UInt8 {}
