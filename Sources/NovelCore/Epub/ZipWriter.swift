import CZip

/// Writes a zip archive through libzip (`CZip`), member by member in the order added: for tests and
/// benchmarks that make EPUB books, never for the reader, which only reads.
public final class ZipWriter {
    /// Why libzip could not write the archive (its words).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var writer: OpaquePointer?

    /// Starts the archive at `path` (replacing any file there); nothing is written until `finish`.
    public init(path: String) throws(Failure) {
        var error = nzip_error()
        writer = RawPath.withCString(path) { nzip_create($0, &error) }
        if writer == nil { throw Failure(description: EpubArchive.message(error)) }
    }

    deinit { nzip_discard(writer) }

    /// Adds a member holding `bytes`, stored as they are or deflated.
    public func add(_ name: String, _ bytes: [UInt8], deflated: Bool = true) throws(Failure) {
        guard let writer else { throw Failure(description: "the archive is already written") }
        var error = nzip_error()
        // A name kept as `RawPath` keeps one goes in as its own bytes.
        let added = RawPath.withCString(name) { name in
            bytes.withUnsafeBytes { raw in nzip_add(writer, name, raw.baseAddress, raw.count, deflated ? 1 : 0, &error)
            }
        }
        if added == 0 { throw Failure(description: EpubArchive.message(error)) }
    }

    /// Writes the archive.
    public func finish() throws(Failure) {
        guard let writer else { throw Failure(description: "the archive is already written") }
        self.writer = nil
        var error = nzip_error()
        if nzip_finish(writer, &error) == 0 { throw Failure(description: EpubArchive.message(error)) }
    }
}
