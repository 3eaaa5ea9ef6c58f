import Foundation

/// A book's decoded text as bytes: either an array the loader decoded into, or the file's own bytes
/// through a private memory map (`MappedFile`) when the text is the file unchanged. Both look the same
/// to callers; scanning code borrows the one buffer with `withUnsafeBufferPointer` and never copies it.
public struct TextBytes: Sendable, RandomAccessCollection, BorrowableBytes {
    private let owned: [UInt8]
    private let mapped: MappedFile?

    /// Text held in memory (decoded, normalised, or built by a test).
    public init(_ bytes: [UInt8]) {
        owned = bytes
        mapped = nil
    }

    /// The bytes of a mapped file.
    init(_ file: MappedFile) {
        owned = []
        mapped = file
    }

    /// Whether the bytes are a memory map of the book's file rather than a copy.
    public var isMapped: Bool { mapped != nil }

    /// Pages of this mapping lost to a truncation of the file while it was mapped (read as spaces).
    public var lostPages: Bool { mapped?.lostPages ?? false }

    public var startIndex: Int { 0 }
    public var endIndex: Int { mapped?.count ?? owned.count }

    public subscript(position: Int) -> UInt8 {
        if let mapped {
            precondition(position >= 0 && position < mapped.count, "TextBytes index out of range")
            return mapped.base[position]
        }
        return owned[position]
    }

    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let mapped { return try body(UnsafeBufferPointer(start: mapped.base, count: mapped.count)) }
        return try owned.withUnsafeBufferPointer(body)
    }

    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(UnsafeRawBufferPointer(buffer)) }
    }

    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try withUnsafeBufferPointer { buffer in try body(buffer) }
    }
}

extension TextBytes: Equatable {
    public static func == (left: TextBytes, right: TextBytes) -> Bool { sameBytes(left, right) }
    public static func == (left: TextBytes, right: [UInt8]) -> Bool { sameBytes(left, right) }
    public static func == (left: [UInt8], right: TextBytes) -> Bool { sameBytes(left, right) }

    /// By length, then `memcmp` (the generic element-wise comparison of 30 MB took longer than a chapter scan).
    static func sameBytes(_ left: some BorrowableBytes, _ right: some BorrowableBytes) -> Bool {
        guard left.count == right.count else { return false }
        return left.withUnsafeBufferPointer { leftBytes in
            right.withUnsafeBufferPointer { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return true
                }
                return leftStart == rightStart || memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
    }
}
