import COpenCC
import Foundation

/// One loaded OpenCC configuration. Loading reads its dictionaries (tens of milliseconds), so each
/// configuration is loaded once per process (`load`) and shared; conversions on it are serialised.
public final class ChineseConverter: @unchecked Sendable {
    public let conversion: Conversion
    private let handle: opencc_t
    private let lock = NSLock()

    /// Why a configuration could not be used: OpenCC's own words name the missing file.
    public struct LoadError: NovelError, Equatable, Sendable {
        /// The data is missing from this machine: not the input's fault.
        public var isBadInput: Bool { false }
        public var conversion: Conversion
        public var reason: String

        public var description: String {
            "cannot convert with \(conversion.rawValue): \(reason) (OpenCC's data is in the opencc and libopencc-data packages)"
        }
    }

    /// Opens OpenCC configuration `configFile` (a name found in OpenCC's data folder, or a path).
    public init(configFile: String, conversion: Conversion) throws(LoadError) {
        guard let handle = novel_opencc_open(configFile) else {
            let reason = opencc_error().map { String(cString: $0) } ?? "OpenCC could not open \(configFile)"
            throw LoadError(conversion: conversion, reason: reason.trimmingCharacters(in: CharacterSet(charactersIn: ". \n")))
        }
        self.handle = handle
        self.conversion = conversion
    }

    deinit { opencc_close(handle) }

    nonisolated(unsafe) private static var loaded: [Conversion: Result<ChineseConverter, LoadError>] = [:]
    private static let loadLock = NSLock()

    /// The shared converter for `conversion` (nil for `none`), or why it cannot be had; a failure is
    /// remembered too, so that a missing file is reported once and not looked for on every chapter.
    public static func load(_ conversion: Conversion) -> Result<ChineseConverter, LoadError>? {
        guard let file = conversion.configFile else { return nil }
        loadLock.lock()
        defer { loadLock.unlock() }
        if let known = loaded[conversion] { return known }
        let result: Result<ChineseConverter, LoadError>
        do {
            result = .success(try ChineseConverter(configFile: file, conversion: conversion))
        } catch {
            result = .failure(error)
        }
        loaded[conversion] = result
        return result
    }

    /// Throws when `conversion` cannot be loaded (nothing for `none`).
    public static func check(_ conversion: Conversion) throws(LoadError) {
        if case .failure(let error) = load(conversion) { throw error }
    }

    /// The shared converter for `conversion`, when it loads.
    public static func loaded(_ conversion: Conversion) -> ChineseConverter? {
        try? load(conversion)?.get()
    }

    /// `bytes` converted, or nil when OpenCC refuses them. Callers pass valid UTF-8 without NUL (OpenCC
    /// reads its input as a C string and stops at a NUL).
    func convert(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        let converted = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            opencc_convert_utf8(handle, $0, bytes.count)
        }
        guard let converted else { return nil }
        defer { opencc_convert_utf8_free(converted) }
        let length = strlen(converted)
        return converted.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// `text` converted (unchanged where it cannot be).
    public func convert(_ text: String) -> String {
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { return text }
        return utf8.withUnsafeBufferPointer { convert($0).map { String(decoding: $0, as: UTF8.self) } ?? text }
    }
}

extension Conversion {
    /// `text` as it is shown with this conversion (a chapter title, a bookmark's snippet): unchanged for
    /// `none` or a configuration that cannot be loaded (the reader says so once, when it is chosen).
    public func apply(to text: String) -> String {
        guard let converter = ChineseConverter.loaded(self) else { return text }
        return converter.convert(text)
    }
}
