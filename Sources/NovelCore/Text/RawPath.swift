import Foundation

/// File names are bytes on Linux, and not always UTF-8: a zip made on Chinese Windows unpacks to GBK
/// names. novel keeps such a name as a `String` without loss: each byte that is not part of valid UTF-8
/// becomes one private-use code point (U+10FF80 + the byte's low seven bits, for bytes 0x80–0xFF), and
/// turns back into that byte when the file is opened. (The four-byte sequences of those code points
/// themselves are treated as raw bytes too, so every byte string maps to one string and back.)
///
/// Names are made here from `argv` (`arguments`) and turned back into bytes here (`withCString`) for
/// open(2), stat(2) and realpath(3). State files store the string, so a name survives a round trip
/// through `novel recent` and `novel` alone; `TerminalSafe` shows the raw bytes as `\xB0`.
public enum RawPath {
    static let base: UInt32 = 0x10FF00

    /// The program's arguments, each decoded from its bytes with invalid bytes kept (see above).
    public static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { string(fromBytes: UnsafeBufferPointer(start: $0, count: strlen($0))) }
                ?? ""
        }
    }

    /// A name from its bytes.
    public static func string<Bytes: Collection<CChar>>(fromBytes raw: Bytes) -> String {
        let bytes = raw.map { UInt8(bitPattern: $0) }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decode(bytes, at: index), rawByte(scalar) == nil {
                scalars.append(scalar)
                index += length
            } else {
                for byte in bytes[index..<(index + (decode(bytes, at: index)?.length ?? 1))] {
                    // Only bytes 0x80 and up are ever invalid: an ASCII byte always decodes on its own.
                    scalars.append(Unicode.Scalar(base + UInt32(byte)) ?? "\u{FFFD}")
                }
                index += decode(bytes, at: index)?.length ?? 1
            }
        }
        return String(scalars)
    }

    /// The scalar of the valid UTF-8 sequence at `index` (shortest form, no surrogates), or nil.
    static func decode(_ bytes: [UInt8], at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let decoded = decodeWellFormedScalar(base, at: index, end: buffer.count),
                let scalar = Unicode.Scalar(decoded.value)
            else { return nil }
            return (scalar, decoded.length)
        }
    }

    /// The byte a private-use code point of a raw name stands for, or nil for any other character.
    public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        (base + 0x80...base + 0xFF).contains(scalar.value) ? UInt8(scalar.value - base) : nil
    }

    /// The name's bytes, as given to the system.
    public static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = rawByte(scalar) { bytes.append(byte) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// Whether the name holds bytes that are not UTF-8.
    public static func hasRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { rawByte($0) != nil }
    }

    /// Calls `body` with the name as a C string of its original bytes.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        guard hasRawBytes(path) else { return try path.withCString(body) }
        let bytes = Self.bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in try body(buffer.baseAddress!) }
    }

    /// open(2) of a raw name.
    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        withCString(path) { Foundation.open($0, flags) }
    }

    /// stat(2) of a raw name; nil when it fails.
    public static func status(_ path: String) -> stat? {
        var status = stat()
        return withCString(path) { stat($0, &status) } == 0 ? status : nil
    }

    /// The names in a directory (without `.` and `..`), by readdir(3); nil when it cannot be opened.
    public static func names(inDirectory path: String) -> [String]? {
        guard let directory = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let characters = raw.bindMemory(to: CChar.self)
                guard let start = characters.baseAddress else { return "" }
                return string(fromBytes: UnsafeBufferPointer(start: start, count: strnlen(start, characters.count)))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// realpath(3) of a raw name, or nil.
    public static func resolved(_ path: String) -> String? {
        withCString(path) { pointer in
            guard let resolved = realpath(pointer, nil) else { return nil }
            defer { free(resolved) }
            return string(fromBytes: UnsafeBufferPointer(start: resolved, count: strlen(resolved)))
        }
    }
}
