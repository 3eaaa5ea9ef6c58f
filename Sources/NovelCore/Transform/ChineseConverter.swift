import COpenCC
import Foundation

/// One loaded OpenCC configuration. Loading reads its dictionaries (tens of milliseconds: 20 ms for
/// `s2t`, whose phrase lexicon is built from STPhrases.ocd2), so each configuration is loaded once per
/// process (`load`), early on a thread of its own when it is known to be needed (`preload`), and shared.
/// Conversions on it run at once from any thread: OpenCC's `Converter::Convert` is `const` and its
/// maintainer answers that a converter is safe to share between threads (BYVoid/OpenCC#231).
public final class ChineseConverter: @unchecked Sendable {
    public let conversion: Conversion
    private let handle: opencc_t

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
    /// The configurations being loaded now; `loads` is signalled when one is done.
    nonisolated(unsafe) private static var loading: Set<Conversion> = []
    private static let loads = NSCondition()

    /// The shared converter for `conversion` (nil for `none`), or why it cannot be had; a failure is
    /// remembered too, so that a missing file is reported once and not looked for on every chapter.
    /// Waits for a load another thread has begun.
    public static func load(_ conversion: Conversion) -> Result<ChineseConverter, LoadError>? {
        guard conversion.configFile != nil else { return nil }
        loads.lock()
        while loading.contains(conversion) { loads.wait() }
        if let known = loaded[conversion] {
            loads.unlock()
            return known
        }
        loading.insert(conversion)
        loads.unlock()
        return finishLoad(conversion)
    }

    /// Opens `conversion` (marked as loading by the caller) and tells whoever waits for it.
    private static func finishLoad(_ conversion: Conversion) -> Result<ChineseConverter, LoadError> {
        let result: Result<ChineseConverter, LoadError>
        do {
            result = .success(try ChineseConverter(configFile: conversion.configFile ?? "", conversion: conversion))
        } catch {
            result = .failure(error)
        }
        loads.lock()
        loaded[conversion] = result
        loading.remove(conversion)
        loads.broadcast()
        loads.unlock()
        return result
    }

    /// Starts loading `conversion` on a thread of its own (nothing for `none` or one loaded or loading):
    /// whoever needs it next waits only for what is left of the load. It counts as loading from now on,
    /// before the thread runs, so that nobody starts a second load meanwhile.
    public static func preload(_ conversion: Conversion) {
        guard conversion != .none else { return }
        loads.lock()
        let needed = loaded[conversion] == nil && !loading.contains(conversion)
        if needed { loading.insert(conversion) }
        loads.unlock()
        guard needed else { return }
        let thread = Thread { _ = finishLoad(conversion) }
        thread.name = "opencc-load"
        thread.start()
    }

    /// The outcome of loading `conversion` when it is known or can be had now: nil while another thread
    /// is loading it (a first screen does not wait for it) and for `none`.
    public static func settledLoad(_ conversion: Conversion) -> Result<ChineseConverter, LoadError>? {
        loads.lock()
        let busy = loading.contains(conversion)
        loads.unlock()
        return busy ? nil : load(conversion)
    }

    /// Waits until no configuration is being loaded.
    public static func waitForLoads() {
        loads.lock()
        while !loading.isEmpty { loads.wait() }
        loads.unlock()
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
        let converted = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            opencc_convert_utf8(handle, $0, bytes.count)
        }
        guard let converted else { return nil }
        defer { opencc_convert_utf8_free(converted) }
        let length = strlen(converted)
        return converted.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

}

extension Conversion {
    /// `text` as it is shown with this conversion (a chapter title, a bookmark's snippet): unchanged for
    /// `none` or a configuration that cannot be loaded (the reader says so once, when it is chosen).
    /// A text converted lately (a first screen's title, kept by `ConversionCache`) is not converted again.
    public func apply(to text: String) -> String {
        guard self != .none else { return text }
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { return text }
        return utf8.withUnsafeBufferPointer { bytes in
            ChineseConversion.aligned(bytes, self).map { String(decoding: $0.shown, as: UTF8.self) } ?? text
        }
    }
}
