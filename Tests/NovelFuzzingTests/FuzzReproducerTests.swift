import Foundation
import NovelFuzzing
import NovelTestSupport
import Testing

/// Every input a fuzzer ever found a problem with, replayed through its target (docs/fuzzing.md); and
/// each target run once on the books' seeds, so a target that no longer builds or traps on an ordinary
/// input fails here and not only in the fuzz run.
struct FuzzReproducerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "FuzzReproducers")

    static func reproducers() -> [(target: String, file: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().flatMap { target -> [(target: String, file: String)] in
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
            return files.sorted().map { (target, $0) }
        }
    }

    @Test func everyReproducerFolderNamesATarget() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0 != "README.md" }
        for name in names { #expect(FuzzTargets.named(name) != nil, "FuzzReproducers/\(name) names no target") }
    }

    @Test func everyReproducerRunsThrough() throws {
        for (targetName, file) in Self.reproducers() {
            let target = try #require(FuzzTargets.named(targetName))
            let path = Self.folder.appendingPathComponent(targetName).appendingPathComponent(file).path
            let bytes = try #require(FileManager.default.contents(atPath: path), "unreadable \(path)")
            target.run(Array(bytes))  // a trap here stops the test run, naming this target and file below
        }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func theTargetRunsOnItsSeeds(name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        var inputs = 0
        for book in ["books/青灯记.txt", "books/the-lamplighter.txt"] {
            let bytes = try #require(FileManager.default.contents(atPath: Corpus.repositoryPath(book)))
            for seed in target.seeds(Array(bytes)) {
                target.run(seed)
                inputs += 1
            }
        }
        #expect(inputs >= 2)
    }
}
