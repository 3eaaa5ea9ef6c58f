// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The benchmarks live in their own package so that the main build and `swift test` never compile them.
// A path dependency is identified by its folder's name, which is the clone's name, so read it here.
let rootFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = rootFolder.lastPathComponent

let package = Package(
    name: "novel-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        .executableTarget(
            name: "novel-bench",
            dependencies: [
                .product(name: "NovelCore", package: rootIdentity),
                .product(name: "NovelTUI", package: rootIdentity),
                // The real WebDAV server the sync rows run against, as the tests start it.
                .product(name: "NovelTestSupport", package: rootIdentity),
                .product(name: "NovelSpeech", package: rootIdentity),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
