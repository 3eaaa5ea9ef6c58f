import CICU
import Foundation

/// Opens a book file and turns its bytes into `BookText`.
public enum BookLoader {
    /// Reads and decodes the file at `path`; `encoding` (any ICU converter name) overrides detection.
    public static func load(path: String, encoding: String? = nil) throws(BookError) -> BookText {
        let bytes = try readFile(path)
        return try decode(bytes, path: path, encoding: encoding)
    }

    static func readFile(_ path: String) throws(BookError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            return [UInt8](data)
        } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
    }

    /// Decodes raw file bytes; see `load(path:encoding:)`.
    public static func decode(_ bytes: [UInt8], path: String, encoding forced: String? = nil) throws(BookError)
        -> BookText
    {
        if bytes.isEmpty { throw .empty(path: path) }
        if let forced {
            let canonical = try canonicalEncodingName(forced)
            return try convert(bytes, from: canonical, path: path, source: .forced)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return try convert(Array(bytes.dropFirst(3)), from: "UTF-8", path: path, source: .byteOrderMark)
        }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return try convert(bytes, from: "UTF-32", path: path, source: .byteOrderMark) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return try convert(bytes, from: "UTF-32", path: path, source: .byteOrderMark) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return try convert(bytes, from: "UTF-16", path: path, source: .byteOrderMark)
        }
        let nulCount = bytes.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        if nulCount > bytes.count / 100 + 1 {
            throw .binary(path: path, reason: "\(nulCount) NUL bytes")
        }
        if String(validating: bytes, as: UTF8.self) != nil {
            return BookText(
                utf8: normalise(bytes), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        }
        let (name, confidence) = detect(bytes)
        return try convert(bytes, from: name, path: path, source: .detected(confidence: confidence))
    }

    /// The canonical ICU name for `name`, or `.unknownEncoding`.
    public static func canonicalEncodingName(_ name: String) throws(BookError) -> String {
        var error: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 128)
        _ = nicu_converter_canonical_name(name, &buffer, Int32(buffer.count), &error)
        if error > 0 { throw .unknownEncoding(name: name) }
        return String(cString: buffer)
    }

    static func detect(_ bytes: [UInt8]) -> (name: String, confidence: Int) {
        let sample = Array(bytes.prefix(65536))
        let stride: Int32 = 64
        var names = [CChar](repeating: 0, count: Int(stride) * 8)
        var confidences = [Int32](repeating: 0, count: 8)
        var error: Int32 = 0
        let count = nicu_detect_charsets(sample, Int32(sample.count), &names, stride, &confidences, 8, &error)
        guard count > 0, error <= 0 else { return ("GB18030", 0) }
        let first = names.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (first, Int(confidences[0]))
    }

    static func convert(_ bytes: [UInt8], from charset: String, path: String, source: EncodingSource) throws(BookError)
        -> BookText
    {
        var error: Int32 = 0
        guard let decoder = nicu_decoder_open(charset, &error) else { throw .unknownEncoding(name: charset) }
        defer { nicu_decoder_close(decoder) }
        var output = [UInt8](repeating: 0, count: bytes.count * 3 + 16)
        var consumed: Int64 = 0
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { target in
                nicu_decoder_convert(
                    decoder, input.baseAddress, Int64(input.count), &consumed, target.baseAddress,
                    Int64(target.count), 1, &error)
            }
        }
        if error > 0 {
            throw .undecodable(path: path, encoding: charset, reason: String(cString: nicu_error_name(error)))
        }
        output.removeSubrange(Int(written)...)
        if output.starts(with: [0xEF, 0xBB, 0xBF]) { output.removeFirst(3) }
        return BookText(
            utf8: normalise(output), encoding: charset, encodingSource: source,
            invalidSequences: Int(nicu_decoder_invalid_count(decoder)))
    }

    /// LF line endings; C0 controls (but LF and TAB), DEL and C1 controls become visible symbols
    /// so that nothing in a book can drive the terminal.
    static func normalise(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0D:
                output.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            case 0x0A, 0x09: output.append(byte)
            case 0x00..<0x20: output.append(contentsOf: controlPicture(UInt32(byte)))
            case 0x7F: output.append(contentsOf: controlPicture(0x21))
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += 1
            default: output.append(byte)
            }
            index += 1
        }
        return output
    }

    /// U+2400 + code: the Control Pictures block (␛ for ESC, ␡ for DEL).
    private static func controlPicture(_ code: UInt32) -> [UInt8] {
        let scalar = 0x2400 + code
        return [0xE2, UInt8(0x80 | ((scalar >> 6) & 0x3F)), UInt8(0x80 | (scalar & 0x3F))]
    }
}
