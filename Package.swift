// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "novel",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "novel", targets: ["novel"]),
        .library(name: "NovelCore", targets: ["NovelCore"]),
        .library(name: "NovelTUI", targets: ["NovelTUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0")
    ],
    targets: [
        // ICU behind an opaque C header: a module that imports Foundation cannot see the system ICU headers.
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
            ]
        ),
        // ncursesw with a shim for the macros and globals Swift cannot import.
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // OpenCC (Simplified ⇄ Traditional), with a shim for its error value Swift cannot compare.
        .systemLibrary(
            name: "COpenCC",
            pkgConfig: "opencc",
            providers: [.apt(["libopencc-dev"])]
        ),
        .target(name: "NovelCore", dependencies: ["CICU", "COpenCC"]),
        .target(name: "NovelTUI", dependencies: ["NovelCore", "CICU", "CNcurses"]),
        .executableTarget(
            name: "novel",
            dependencies: [
                "NovelCore", "NovelTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "NovelTestSupport", dependencies: ["NovelCore", "NovelTUI"]),
        // What each libFuzzer target does with one input; also replayed by the tests (docs/fuzzing.md).
        .target(name: "NovelFuzzing", dependencies: ["NovelCore", "NovelTUI"], exclude: ["Dictionaries"]),
        .testTarget(name: "NovelCoreTests", dependencies: ["NovelCore", "CICU", "NovelTestSupport"], exclude: ["Layout/Golden"]),
        .testTarget(name: "NovelTUITests", dependencies: ["NovelTUI", "NovelCore", "NovelTestSupport"], exclude: ["Render/Golden"]),
        .testTarget(name: "NovelCLITests", dependencies: ["NovelCore", "NovelTestSupport"], exclude: ["EndToEnd/Golden"]),
        .testTarget(
            name: "NovelFuzzingTests", dependencies: ["NovelFuzzing", "NovelTestSupport"], exclude: ["FuzzReproducers"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer driver exists only in scripts/fuzz's build (NOVEL_FUZZ=1, its own scratch path): it has no
// main of its own (libFuzzer's is linked in by -sanitize=fuzzer), so an ordinary build could not link it.
if Context.environment["NOVEL_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "novel-fuzz", dependencies: ["NovelFuzzing"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
