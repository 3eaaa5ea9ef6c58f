import CZip
import Foundation
import Synchronization

/// An EPUB book's zip archive, read through libzip (loaded on first use, `CZip`): its members, and each
/// member's bytes with the limits of a zip bomb checked before anything is inflated. Safe to share between
/// threads: libzip's archive is used by one call at a time.
public final class EpubArchive: Sendable {
    /// The most bytes one member may declare when inflated; books are a few MB, their largest images tens.
    public static let memberSizeLimit: UInt64 = 256_000_000
    /// The most a member may inflate per compressed byte. Deflate cannot pass about 1030:1, which only runs
    /// of one byte reach; text and images stay far below 100:1.
    public static let ratioLimit: UInt64 = 1000

    /// One member's entry in the zip directory.
    public struct Member: Equatable, Sendable {
        /// The member's full name, decoded from its bytes as UTF-8 (other bytes kept as `RawPath` keeps
        /// them, so hrefs decoded the same way still match).
        public let name: String
        public let index: Int
        /// The inflated size the directory declares (not trusted: see `read`).
        public let size: UInt64
        public let compressedSize: UInt64
        /// The zip compression method (0 stored, 8 deflated).
        public let method: UInt16
        /// Encrypted by the zip format itself.
        public let isEncrypted: Bool
        /// The CRC-32 of its inflated bytes that the directory declares (checked by a read to the end).
        public let crc: UInt32
    }

    /// The book's file, as the messages name it.
    public let path: String
    /// The members in the directory's order.
    public let members: [Member]
    private let byName: [String: Int]
    /// Each name in lower case → its member, or nil when two members share it: for an href that names a
    /// member in another case (see `member`).
    private let byFoldedName: [String: Int?]
    /// libzip's archive, used by one call at a time.
    private let handle: Mutex<ArchiveHandle>

    /// Loads libzip on a thread of its own and returns at once: a first screen about to open an EPUB calls
    /// it first, so that the load (libcrypto, which libzip needs, is most of it) is done beside the look-up
    /// of the book's state instead of before the archive's first read. Only the first call starts a thread
    /// (`nzip_load_beside`, which novel's start calls before main when an argument names a zip, CLaunch).
    public static func loadLibraryBeside() {
        nzip_load_beside()
    }

    /// Opens the zip archive at `path` (a name as `RawPath` keeps it) read-only.
    public convenience init(path: String) throws(EpubError) {
        var error = nzip_error()
        let handle = RawPath.withCString(path) { nzip_open($0, &error) }
        guard let handle else {
            throw Self.openError(error, path: path, startsLikeZip: EpubFormat.startsLikeZip(path: path))
        }
        try self.init(handle: handle, path: path)
    }

    /// Opens a zip archive held in memory; `path` names it in messages.
    public convenience init(bytes: [UInt8], path: String) throws(EpubError) {
        var error = nzip_error()
        let handle = bytes.withUnsafeBytes { nzip_open_bytes($0.baseAddress, $0.count, &error) }
        guard let handle else {
            throw Self.openError(error, path: path, startsLikeZip: EpubFormat.startsLikeZip(bytes))
        }
        try self.init(handle: handle, path: path)
    }

    private init(handle: OpaquePointer, path: String) throws(EpubError) {
        self.handle = Mutex(ArchiveHandle(pointer: handle))
        self.path = path
        var members: [Member] = []
        var byName: [String: Int] = [:]
        var byFoldedName: [String: Int?] = [:]
        // A folded name two members share names neither.
        func fold(_ name: String, _ index: Int) {
            let folded = name.lowercased()
            byFoldedName[folded] = byFoldedName[folded] == nil ? .some(index) : .some(nil)
        }
        let count = max(0, nzip_count(handle))
        members.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            var error = nzip_error()
            var entry = nzip_member()
            guard let rawName = nzip_name(handle, UInt64(index), &error),
                nzip_stat(handle, UInt64(index), &entry, &error) != 0
            else {
                nzip_close(handle)
                throw .damaged(path: path, reason: Self.message(error))
            }
            let name = RawPath.string(fromBytes: UnsafeBufferPointer(start: rawName, count: strlen(rawName)))
            members.append(
                Member(
                    name: name, index: index, size: entry.size, compressedSize: entry.compressed_size,
                    method: entry.method, isEncrypted: entry.encryption != 0, crc: entry.crc))
            // A name that appears twice means its first entry, as unzip and libzip's look-up take it.
            if byName[name] == nil { byName[name] = index }
            fold(name, index)
        }
        // A name in a legacy encoding is also known by its readings (`ZipLegacyName`), where no member is
        // called so; a reading two members share names neither.
        var readings: [String: Int?] = [:]
        for member in members {
            for reading in ZipLegacyName.readings(of: member.name) where byName[reading] == nil {
                readings[reading] = readings[reading] == nil ? .some(member.index) : .some(nil)
            }
        }
        for (reading, index) in readings {
            guard let index else { continue }
            byName[reading] = index
            fold(reading, index)
        }
        self.members = members
        self.byName = byName
        self.byFoldedName = byFoldedName
    }

    deinit { handle.withLock { nzip_close($0.pointer) } }

    /// The member called `name`: exactly (or by a reading of a name in a legacy encoding, `ZipLegacyName`),
    /// else the one member whose name differs from it only in case.
    /// Books made on a file system that ignores case (Windows, macOS) often name a member in the package
    /// or the navigation in another case than the archive holds it, and reading systems there open it;
    /// when two members differ only in case, neither is taken for the other.
    public func member(_ name: String) -> Member? {
        if let index = byName[name] { return members[index] }
        guard let index = byFoldedName[name.lowercased()] ?? nil else { return nil }
        return members[index]
    }

    /// A digest of the directory: every member's name, sizes, method and CRC-32. Equal digests mean members
    /// of the same bytes (short of a forged CRC), so that what was learnt from reading them whole (where
    /// each document's text lies, `EpubSpineRecord`) still holds for a read of only their start.
    public var directoryDigest: ByteDigest {
        var bytes: [UInt8] = []
        for member in members {
            bytes += member.name.utf8
            bytes.append(0)
            for value in [member.size, member.compressedSize, UInt64(member.method), UInt64(member.crc)] {
                withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
            }
        }
        return ByteDigest.of(bytes)
    }

    /// The bytes of the member called `name`.
    public func read(_ name: String) throws(EpubError) -> [UInt8] {
        guard let member = member(name) else { throw .memberMissing(path: path, member: name) }
        return try read(member)
    }

    /// The member's bytes. Refused before anything is inflated when it declares more than
    /// `memberSizeLimit` or more than `ratioLimit` times its compressed size; and since a directory can
    /// lie, at most one byte more than declared is ever inflated: a member that gives that byte is refused.
    public func read(_ member: Member) throws(EpubError) -> [UInt8] {
        try checkLimits(member)
        let capacity = Int(member.size) + 1
        var error = nzip_error()
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let read = handle.withLock {
                nzip_read($0.pointer, UInt64(member.index), buffer.baseAddress, UInt64(capacity), &error)
            }
            count = max(0, Int(read))
            failed = read < 0
        }
        if failed { throw readError(error, member: member) }
        if bytes.count > member.size { throw .memberOverflow(path: path, member: member.name, declared: member.size) }
        if bytes.count < member.size {
            throw .damaged(path: path, reason: "member '\(member.name)' ends before its declared size")
        }
        return bytes
    }

    /// The member's first `count` bytes (all of them when it holds fewer), under `read`'s limits; a read that
    /// stops early is not checked against the CRC-32, which only a read to the end can do.
    func readStart(_ member: Member, count: Int) throws(EpubError) -> [UInt8] {
        guard UInt64(max(0, count)) < member.size else { return try read(member) }
        try checkLimits(member)
        var error = nzip_error()
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, filled in
            let read = handle.withLock {
                nzip_read($0.pointer, UInt64(member.index), buffer.baseAddress, UInt64(buffer.count), &error)
            }
            filled = max(0, Int(read))
            failed = read < 0
        }
        if failed { throw readError(error, member: member) }
        if bytes.count < count {
            throw .damaged(path: path, reason: "member '\(member.name)' ends before its declared size")
        }
        return bytes
    }

    /// The limits of `read`, from the directory entry alone.
    func checkLimits(_ member: Member) throws(EpubError) {
        if member.isEncrypted { throw .encryptedMember(path: path, member: member.name) }
        if member.size > Self.memberSizeLimit {
            throw .memberTooLarge(path: path, member: member.name, size: member.size)
        }
        // Below the size limit, a compressed size this large cannot reach the ratio (nor overflow it).
        if member.compressedSize < Self.memberSizeLimit / Self.ratioLimit
            && member.size > member.compressedSize * Self.ratioLimit
        {
            throw .zipBomb(path: path, member: member.name, size: member.size, compressedSize: member.compressedSize)
        }
    }

    private func readError(_ error: nzip_error, member: Member) -> EpubError {
        switch error.failure {
        case NZIP_ENCRYPTED: .encryptedMember(path: path, member: member.name)
        case NZIP_UNSUPPORTED: .unsupportedCompression(path: path, member: member.name, method: member.method)
        case NZIP_SYSTEM: .unreadable(path: path, reason: Self.message(error))
        case NZIP_LIBRARY_MISSING: .libraryMissing(reason: Self.message(error))
        default: .damaged(path: path, reason: "member '\(member.name)': " + Self.message(error))
        }
    }

    /// Why libzip could not open an archive; one that starts like a zip but has no directory at its end
    /// was cut short.
    private static func openError(_ error: nzip_error, path: String, startsLikeZip: Bool) -> EpubError {
        switch error.failure {
        case NZIP_LIBRARY_MISSING: .libraryMissing(reason: message(error))
        case NZIP_NOT_ZIP where !startsLikeZip: .notZip(path: path)
        case NZIP_SYSTEM, NZIP_NO_SUCH_MEMBER: .unreadable(path: path, reason: message(error))
        default: .damaged(path: path, reason: message(error))
        }
    }

    /// The error's words.
    static func message(_ error: nzip_error) -> String {
        withUnsafeBytes(of: error.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension nzip_error {
    /// The class of the failure.
    var failure: nzip_error_kind { nzip_error_kind(rawValue: UInt32(bitPattern: kind)) }
}

/// libzip's archive handle, which only `EpubArchive`'s mutex hands out: a C pointer the compiler cannot
/// follow, used by one thread at a time because the mutex is the only way to it.
struct ArchiveHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
