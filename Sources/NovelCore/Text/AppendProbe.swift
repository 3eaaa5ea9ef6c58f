import Foundation

/// What a book file was when it was read: which file (device and inode), its size, and hashes of its
/// first and last blocks and of a few blocks between. A later change is an append when the file at the
/// same path is the same file, longer, and those old bytes read the same (`grown`): then the old text
/// and chapters stand and only the new bytes need reading (live reload, `BookOpener.appended`).
///
/// Sampling is what keeps the check cheap; it cannot see a byte rewritten between two samples of a file
/// that also grew. Downloaders append, and editors and tools that rewrite a file change its inode
/// (written beside it and renamed), its length or the blocks around the old end.
public struct AppendProbe: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    /// The file's size in bytes when it was read.
    public let size: Int
    /// Each sampled range of the file and the hash of its bytes.
    let samples: [Sample]

    struct Sample: Sendable, Equatable {
        var range: Range<Int>
        var hash: String
    }

    /// The first and the last bytes of the file are sampled this far.
    static let edgeBytes = 64 * 1024
    /// Blocks sampled evenly between the first and the last.
    static let middleSamples = 8
    static let middleBytes = 4 * 1024

    init(status: stat, bytes: some BorrowableBytes) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = bytes.count
        samples = Self.ranges(size: bytes.count).map { Sample(range: $0, hash: Self.hash(bytes, $0)) }
    }

    /// The ranges sampled in a file of `size` bytes; the last one ends at its end.
    static func ranges(size: Int) -> [Range<Int>] {
        guard size > 0 else { return [] }
        var ranges = [0..<min(size, edgeBytes)]
        if size > 2 * edgeBytes {
            let step = (size - 2 * edgeBytes) / (middleSamples + 1)
            for sample in 1...middleSamples {
                let start = edgeBytes + sample * step
                ranges.append(start..<min(start + middleBytes, size - edgeBytes))
            }
        }
        if size > edgeBytes { ranges.append(max(0, size - edgeBytes)..<size) }
        return ranges
    }

    static func hash(_ bytes: some BorrowableBytes, _ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { BookFingerprint.of(Array(UnsafeBufferPointer(rebasing: $0[range]))) }
    }

    /// The file at `path` with its bytes (mapped when it can be) when it is this file grown by an append:
    /// the same device and inode, more bytes, and every sample unchanged. Nil for anything else
    /// (replaced, shortened, rewritten, unreadable).
    func grown(path: String) -> (bytes: TextBytes, status: stat)? {
        guard let (bytes, status) = try? BookFile.mapWithStatus(path), UInt64(status.st_dev) == device,
            UInt64(status.st_ino) == inode, bytes.count > size,
            samples.allSatisfy({ Self.hash(bytes, $0.range) == $0.hash })
        else { return nil }
        return (bytes, status)
    }
}
