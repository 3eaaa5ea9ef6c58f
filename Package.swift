// swift-tools-version: 6.1
import PackageDescription

// scripts/build-novel (the binary people run) sets NOVEL_STATIC_C_LIBRARIES=1: ICU is then linked from its
// static archives, so the dynamic loader has no ICU C++ libraries to map and relocate at start (most of
// 1.3 ms of the 2× `less` launch budget). ncursesw stays shared: it is small to load, and a Debian package
// must not carry a copy of it (lintian's embedded-library). Test and fuzz builds link the shared libraries.
let staticCLibraries = Context.environment["NOVEL_STATIC_C_LIBRARIES"] == "1"

/// The link settings for system C libraries, in dependency order; `static` names the archives that only a
/// static link needs (ICU's archives need the C++ runtime).
func systemLibraries(_ names: [String], static extra: [String] = []) -> [LinkerSetting] {
    guard staticCLibraries else { return names.map { .linkedLibrary($0) } }
    return [.unsafeFlags((names.map { "-l:lib\($0).a" } + extra).flatMap { ["-Xlinker", $0] })]
}

/// scripts/build-novel records the commit and the day it builds from, for `novel --version`. Only characters
/// of a commit id or a date pass, so the values cannot break out of the C string they become.
func buildInfo(_ name: String) -> [CSetting] {
    guard let value = Context.environment[name], !value.isEmpty,
        value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.+:".contains($0)) })
    else { return [] }
    return [.define(name, to: "\"\(value)\"")]
}

let package = Package(
    name: "novel",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "novel", targets: ["novel"]),
        .library(name: "NovelCore", targets: ["NovelCore"]),
        .library(name: "NovelTUI", targets: ["NovelTUI"]),
        // The tests' helpers, for the benchmarks too (the real WebDAV server the sync rows run against).
        .library(name: "NovelTestSupport", targets: ["NovelTestSupport"]),
        .library(name: "NovelSpeech", targets: ["NovelSpeech"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0")
    ],
    targets: [
        // ICU behind an opaque C header: a module that imports Foundation cannot see the system ICU headers.
        .target(
            name: "CICU",
            linkerSettings: systemLibraries(["icui18n", "icuuc", "icudata"], static: ["-lstdc++", "-lm"])
        ),
        // System calls Swift cannot make as they are: the SIGBUS guard for mapped books (a signal handler)
        // and a thread's own nice value (gettid is a variadic syscall).
        .target(name: "CPosix"),
        // ncursesw with a shim for the macros and globals Swift cannot import; linked by NovelTUI.
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
        // OpenCC's dictionaries read out through its C++ API, once per machine (ConversionTables).
        .target(
            name: "COpenCCDictionaries", dependencies: ["COpenCC"],
            linkerSettings: [.linkedLibrary("opencc"), .linkedLibrary("stdc++")]),
        // libxml2 for EPUB: its XML parser for the package documents, its HTML parser for content documents.
        // scripts/build-novel points pkg-config at a libxml-2.0.pc of its own that names the static archive,
        // so that the binary people run does not load libxml2's shared ICU at every start.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libzip for EPUB archives, loaded with dlopen on first use rather than linked: linking libzip.so costs
        // about 1.3 ms at every start (it loads libcrypto). Only <zip.h>'s types are compiled in.
        .target(name: "CZip", linkerSettings: [.linkedLibrary("dl")]),
        // libespeak-ng for read-aloud, loaded with dlopen when speech starts, as libzip is (the launch budget),
        // and libpcaudio to play its speech; the few types of theirs it uses are declared in it (no -dev package).
        .target(name: "CEspeak", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl for the WebDAV sync store, loaded with dlopen on first use rather than linked: it would load
        // its TLS, HTTP/2 and IDN libraries at every start of a reader that may never sync. Only
        // <curl/curl.h>'s types and constants are compiled in (libcurl4-openssl-dev at build time).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "NovelCore",
            dependencies: ["CICU", "CPosix", "COpenCC", "COpenCCDictionaries", "CLibXML2", "CZip", "CCurl"]),
        // Work novel starts before main: libzip's load when an argument names a file that starts like a zip.
        .target(name: "CLaunch", dependencies: ["CZip"]),
        // The commit and build day for `novel --version` (scripts/build-novel sets them).
        .target(name: "CBuildInfo", cSettings: buildInfo("NOVEL_BUILD_COMMIT") + buildInfo("NOVEL_BUILD_DATE")),
        // Read-aloud's engines (espeak-ng, a speaking command), apart from the pure core.
        .target(name: "NovelSpeech", dependencies: ["NovelCore", "CEspeak", "CPosix"]),
        .target(
            name: "NovelTUI", dependencies: ["NovelCore", "NovelSpeech", "CPosix", "CNcurses"],
            linkerSettings: [.linkedLibrary("ncursesw")]),
        .executableTarget(
            name: "novel",
            dependencies: [
                "NovelCore", "NovelTUI", "NovelSpeech", "CBuildInfo", "CLaunch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "NovelTestSupport", dependencies: ["NovelCore", "NovelSpeech"]),
        // What each libFuzzer target does with one input; also replayed by the tests (docs/fuzzing.md).
        .target(
            name: "NovelFuzzing", dependencies: ["NovelCore", "NovelTUI", "COpenCC", "NovelTestSupport"],
            exclude: ["Dictionaries"]),
        .testTarget(
            name: "NovelCoreTests",
            dependencies: ["NovelCore", "CICU", "CPosix", "COpenCC", "CZip", "NovelTestSupport"],
            exclude: ["Layout/Golden"]),
        .testTarget(
            name: "NovelTUITests", dependencies: ["NovelTUI", "NovelCore", "NovelSpeech", "NovelTestSupport"],
            exclude: ["Render/Golden"]),
        .testTarget(
            name: "NovelSpeechTests", dependencies: ["NovelSpeech", "NovelCore", "NovelTestSupport"],
            exclude: ["FakeSpeaker"]),
        .testTarget(
            name: "NovelCLITests", dependencies: ["NovelCore", "NovelTestSupport"], exclude: ["EndToEnd/Golden"]),
        .testTarget(
            name: "NovelFuzzingTests", dependencies: ["NovelFuzzing", "NovelTestSupport"], exclude: ["FuzzReproducers"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// The libFuzzer driver exists only in scripts/fuzz's build (NOVEL_FUZZ=1, its own scratch path): it has no
// main of its own (libFuzzer's is linked in by -sanitize=fuzzer), so an ordinary build could not link it.
if Context.environment["NOVEL_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "novel-fuzz", dependencies: ["NovelFuzzing"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
