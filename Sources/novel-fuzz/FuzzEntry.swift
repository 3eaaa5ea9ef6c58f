import Foundation
import NovelFuzzing

// The libFuzzer driver (built only by scripts/fuzz, with -sanitize=fuzzer). SwiftPM links an executable's
// entry point as `novel_fuzz_main`, so this is it, and it hands over to libFuzzer's LLVMFuzzerRunDriver.
// One binary for every target:
// NOVEL_FUZZ_TARGET names the one to run. NOVEL_FUZZ_LIST=1 prints the targets; NOVEL_FUZZ_SEEDS_FROM (files,
// one a line) with NOVEL_FUZZ_SEEDS_TO (a folder) writes the target's seeds from those files; both then exit.

nonisolated(unsafe) private var selected: FuzzTarget?

typealias Arguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<Arguments?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("novel_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: Arguments?) -> CInt {
    var count = argc
    var arguments = argv
    guard let target = selectTarget() else { return 2 }
    selected = target
    return runDriver(&count, &arguments, fuzzerTestOneInput)
}

private func selectTarget() -> FuzzTarget? {
    let environment = ProcessInfo.processInfo.environment
    if environment["NOVEL_FUZZ_LIST"] == "1" {
        for target in FuzzTargets.all {
            print("\(target.name)\t\(target.dictionaries.joined(separator: ","))\t\(target.summary)")
        }
        exit(0)
    }
    guard let name = environment["NOVEL_FUZZ_TARGET"], let target = FuzzTargets.named(name) else {
        FileHandle.standardError.write(
            Data(
                "novel-fuzz: set NOVEL_FUZZ_TARGET to one of: \(FuzzTargets.all.map(\.name).joined(separator: " "))\n"
                    .utf8))
        return nil
    }
    if let list = environment["NOVEL_FUZZ_SEEDS_FROM"], let folder = environment["NOVEL_FUZZ_SEEDS_TO"] {
        writeSeeds(target, from: list, to: folder)
        exit(0)
    }
    return target
}

private func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}

private func writeSeeds(_ target: FuzzTarget, from list: String, to folder: String) {
    let files = (try? String(contentsOfFile: list, encoding: .utf8))?.split(separator: "\n") ?? []
    var count = 0
    for file in files {
        guard let data = FileManager.default.contents(atPath: String(file)) else { continue }
        for seed in target.seeds(Array(data)) {
            count += 1
            _ = FileManager.default.createFile(atPath: "\(folder)/seed-\(count)", contents: Data(seed))
        }
    }
    print("novel-fuzz: \(count) seeds for \(target.name) from \(files.count) files")
}
