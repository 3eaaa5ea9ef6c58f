import CPosix
import Foundation

/// A whole book file mapped read-only and private (`mmap(MAP_PRIVATE)`): the text of a UTF-8 book that
/// needs no decoding, read in place from the page cache instead of copied into the process.
///
/// Truncation: a private mapping still shares the file's page-cache pages until they are written, so
/// when another process shortens the file the pages past its new end vanish and touching them raises
/// SIGBUS. Checking the size before each read cannot close that race, so every mapping is registered
/// with a SIGBUS guard (mapping_guard.c in CPosix) that maps a page of spaces over a lost page and lets
/// the read go on. The reader keeps running and shows what is left; `lostPages` tells the loader and
/// the reader's reload that the text is no longer the file's, so they reopen it.
final class MappedFile: @unchecked Sendable {
    // Immutable after init and read-only memory: safe to share between threads.
    let base: UnsafePointer<UInt8>
    let count: Int
    private let repairsAtMapping: Int64

    /// Maps `descriptor` (a regular file of `size` bytes); nil when the file is empty or cannot be
    /// mapped, and the caller reads it into memory instead.
    init?(descriptor: Int32, size: Int) {
        guard size > 0 else { return nil }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        guard nmap_guard(address, size) != 0 else {
            munmap(address, size)
            return nil
        }
        base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        count = size
        repairsAtMapping = nmap_repaired_pages()
    }

    deinit {
        nmap_unguard(base)
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    /// Lets go of the whole pages inside `bytes`, part of a mapped file that was read and will not be
    /// read again (the decoder's input): they leave the process's memory and stay in the page cache.
    /// A private mapping that was never written reads the file again if touched; memory of one's own
    /// would read back as zeros, so only mapped bytes may come here.
    static func release(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + bytes.count) / page * page
        guard end > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(start, end - first, Int32(MADV_DONTNEED))
    }

    /// Whether any guarded mapping lost pages since this one was made (the guard counts per process,
    /// so this may also report another book's loss: either way, reopening is the safe answer).
    var lostPages: Bool { nmap_repaired_pages() != repairsAtMapping }
}
