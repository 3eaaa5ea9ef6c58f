import Foundation
import Synchronization

/// One OpenCC configuration, ready to convert with (`PhraseConversion`). Its tables are made from what
/// OpenCC loads (`OpenCCDictionaries`) once per machine and OpenCC data, and kept under the cache folder
/// (`keepTables(in:)`), from where later processes map them for a small part of that cost.
/// Each configuration is loaded once per process (`load`), early on a thread of its own when it is known
/// to be needed (`preload`), and shared: conversions read the tables only, from any thread at once.
public final class ChineseConverter: Sendable {
    public let conversion: Conversion
    let tables: ConversionTables

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

    /// The tables of OpenCC configuration `configFile` (a name found in OpenCC's data folder, or a path):
    /// the ones kept in `tableFolder` when they were made from the same OpenCC data, else made now (and
    /// kept, when `configFile` is `conversion`'s own and there is a folder for them).
    public init(configFile: String, conversion: Conversion, tableFolder: String? = nil) throws(LoadError) {
        self.conversion = conversion
        let ownConfiguration = configFile == conversion.configFile
        let stamp = ownConfiguration ? Self.stamp(conversion) : nil
        let file = tableFolder.map { "\($0)/opencc-\(conversion.rawValue).tables" }
        if let file, let stamp, let kept = ConversionTables.read(file, stamp: stamp) {
            tables = kept
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try OpenCCDictionaries.tables(configFile: configFile, stamp: stamp ?? "")
        } catch {
            throw LoadError(
                conversion: conversion, reason: error.reason.trimmingCharacters(in: CharacterSet(charactersIn: ". \n")))
        }
        guard let made = ConversionTables.copying(bytes) else {
            throw LoadError(conversion: conversion, reason: "its dictionaries could not be made into tables")
        }
        tables = made
        // Best effort: tables that cannot be kept are made again next time.
        if let file, stamp != nil { try? AtomicFile.write(Data(bytes), to: file) }
    }

    /// How loading a configuration stands in this process.
    private enum LoadState {
        /// A thread is loading it; the group is left when it is done.
        case loading(DispatchGroup)
        /// Loaded, or why it cannot be: a failure is kept too.
        case done(Result<ChineseConverter, LoadError>)
    }

    /// The process's loads, and the folder they keep their tables in.
    private struct Loads {
        var tableFolder: String?
        var states: [Conversion: LoadState] = [:]
    }

    private static let loads = Mutex(Loads())

    /// Keeps the tables made from OpenCC's data in `folder` (the cache folder): passed once by the
    /// program before anything converts. Until then (tests) they are made anew in each process.
    public static func keepTables(in folder: String?) {
        loads.withLock { $0.tableFolder = folder }
    }

    /// What a caller of `load` or `preload` does next.
    private enum Claim {
        case known(Result<ChineseConverter, LoadError>)
        case wait(DispatchGroup)
        /// Load it now (the caller is marked as its loader), keeping the tables in `tableFolder`.
        case load(tableFolder: String?, done: DispatchGroup)
    }

    /// Looks at `conversion`'s load and, when nobody has begun it, marks it as begun by the caller.
    private static func claim(_ conversion: Conversion) -> Claim {
        loads.withLock { loads in
            switch loads.states[conversion] {
            case .done(let result): return .known(result)
            case .loading(let group): return .wait(group)
            case nil:
                let group = DispatchGroup()
                group.enter()
                loads.states[conversion] = .loading(group)
                return .load(tableFolder: loads.tableFolder, done: group)
            }
        }
    }

    /// The shared converter for `conversion` (nil for `none`), or why it cannot be had; a failure is
    /// remembered too, so that a missing file is reported once and not looked for on every chapter.
    /// Waits for a load another thread has begun.
    public static func load(_ conversion: Conversion) -> Result<ChineseConverter, LoadError>? {
        guard conversion.configFile != nil else { return nil }
        while true {
            switch claim(conversion) {
            case .known(let result): return result
            case .wait(let group): group.wait()
            case .load(let tableFolder, let done): return finishLoad(conversion, tableFolder: tableFolder, done: done)
            }
        }
    }

    /// Opens `conversion` (claimed by the caller) and tells whoever waits for it.
    private static func finishLoad(
        _ conversion: Conversion, tableFolder: String?, done: DispatchGroup
    ) -> Result<ChineseConverter, LoadError> {
        let result: Result<ChineseConverter, LoadError>
        do {
            result = .success(
                try ChineseConverter(
                    configFile: conversion.configFile ?? "", conversion: conversion, tableFolder: tableFolder))
        } catch {
            result = .failure(error)
        }
        loads.withLock { $0.states[conversion] = .done(result) }
        done.leave()
        return result
    }

    /// Starts loading `conversion` on a thread of its own (nothing for `none` or one loaded or loading):
    /// whoever needs it next waits only for what is left of the load. It counts as loading from now on,
    /// before the thread runs, so that nobody starts a second load meanwhile.
    public static func preload(_ conversion: Conversion) {
        guard conversion.configFile != nil, case .load(let tableFolder, let done) = claim(conversion) else { return }
        let thread = Thread { _ = finishLoad(conversion, tableFolder: tableFolder, done: done) }
        thread.name = "opencc-load"
        thread.start()
    }

    /// The outcome of loading `conversion` when it is known or can be had now: nil while another thread
    /// is loading it (a first screen does not wait for it) and for `none`.
    public static func settledLoad(_ conversion: Conversion) -> Result<ChineseConverter, LoadError>? {
        let busy = loads.withLock { loads in
            if case .loading = loads.states[conversion] { true } else { false }
        }
        return busy ? nil : load(conversion)
    }

    /// The outcome of loading `conversion` once it is known, without waiting or beginning a load: nil
    /// while it is loading or before anyone began it, and for `none`.
    public static func finishedLoad(_ conversion: Conversion) -> Result<ChineseConverter, LoadError>? {
        loads.withLock { loads in
            if case .done(let result) = loads.states[conversion] { result } else { nil }
        }
    }

    /// Waits until no configuration is being loaded.
    public static func waitForLoads() {
        while true {
            let loading = loads.withLock { loads in
                loads.states.values.compactMap { state -> DispatchGroup? in
                    if case .loading(let group) = state { group } else { nil }
                }
            }
            guard !loading.isEmpty else { return }
            for group in loading { group.wait() }
        }
    }

    /// Throws when `conversion` cannot be loaded (nothing for `none`).
    public static func check(_ conversion: Conversion) throws(LoadError) {
        if case .failure(let error) = load(conversion) { throw error }
    }

    /// The shared converter for `conversion`, when it loads.
    public static func loaded(_ conversion: Conversion) -> ChineseConverter? {
        try? load(conversion)?.get()
    }

    /// `bytes` converted and aligned with them.
    func align(_ bytes: UnsafeBufferPointer<UInt8>) -> AlignedConversion {
        PhraseConversion(tables: tables).align(bytes)
    }

    /// `text` converted.
    public func convert(_ text: String) -> String {
        var text = text
        return text.withUTF8 { String(decoding: align($0).shown, as: UTF8.self) }
    }
}

extension Conversion {
    /// `text` as it is shown with this conversion (a chapter title, a bookmark's snippet): unchanged for
    /// `none` or a configuration that cannot be loaded (the reader says so once, when it is chosen).
    /// A text converted lately (the title on every screen) is not converted again.
    public func apply(to text: String) -> String {
        guard self != .none else { return text }
        let utf8 = Array(text.utf8)
        guard !utf8.contains(0) else { return text }
        return utf8.withUnsafeBufferPointer { bytes in
            ChineseConversion.aligned(bytes, self).map { String(decoding: $0.shown, as: UTF8.self) } ?? text
        }
    }
}
