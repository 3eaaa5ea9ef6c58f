import COpenCCDictionaries
import Foundation

/// What OpenCC loads for a configuration, read out through its C++ API (COpenCCDictionaries) and made
/// into `ConversionTables`: the segmentation's dictionaries, the conversion chain's, and for each key
/// the value OpenCC converts it to (its first). This is the one place OpenCC's code runs; it costs what
/// OpenCC's own load costs, once per machine and OpenCC data (`ChineseConverter`).
enum OpenCCDictionaries {
    /// Why OpenCC could not load a configuration, in its own words (they name a missing file).
    struct LoadFailure: Error {
        var reason: String
    }

    /// The file bytes of `configFile`'s tables, stamped `stamp`.
    static func tables(configFile: String, stamp: String) throws(LoadFailure) -> [UInt8] {
        var error: UnsafeMutablePointer<CChar>?
        guard let loaded = novel_opencc_dictionaries_open(configFile, &error) else {
            let reason = error.map { String(cString: $0) } ?? "OpenCC could not open \(configFile)"
            free(error)
            throw LoadFailure(reason: reason)
        }
        defer { novel_opencc_dictionaries_close(loaded) }
        var tables: [ConversionTables.Table] = []
        for dictionary in 0..<novel_opencc_dictionaries_count(loaded) {
            var keys: [UnsafeBufferPointer<UInt8>] = []
            var values: [UnsafeBufferPointer<UInt8>] = []
            let count = novel_opencc_dictionaries_entry_count(loaded, dictionary)
            keys.reserveCapacity(count)
            values.reserveCapacity(count)
            for entry in 0..<count {
                var key: UnsafePointer<CChar>?
                var keyLength = 0
                var value: UnsafePointer<CChar>?
                var valueLength = 0
                guard
                    novel_opencc_dictionaries_entry(loaded, dictionary, entry, &key, &keyLength, &value, &valueLength)
                        != 0
                else { continue }
                keys.append(bytes(key, keyLength))
                values.append(bytes(value, valueLength))
            }
            var builder = ConversionTableBuilder(nodes: ConversionTableBuilder.nodeBound(keys))
            for (key, value) in zip(keys, values) { builder.add(key: key, value: value) }
            tables.append(ConversionTables.Table(slots: builder.slots, pool: builder.pool))
        }
        var stages: [[Int]] = []
        for stage in 0..<novel_opencc_dictionaries_stage_count(loaded) {
            stages.append(
                (0..<novel_opencc_dictionaries_stage_size(loaded, stage)).map {
                    novel_opencc_dictionaries_stage_dictionary(loaded, stage, $0)
                })
        }
        return ConversionTables.encode(stamp: stamp, tables: tables, stages: stages)
    }

    private static func bytes(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        guard let pointer else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    }
}
