import Foundation
import NovelCore
import NovelFuzzing
import NovelTestSupport
import Testing

/// The targets that fuzz files other programs or people write (settings, state, caches, rules) reach
/// those files: their seeds are portable to the fuzzing process, and their dictionaries know the keys.
struct FuzzInputFileTests {
    static let dictionaries = "Sources/NovelFuzzing/Dictionaries/"

    /// Seeds are made by one process and fuzzed by another, whose home has another name: a seed that kept
    /// the path of the process that made it would never name the book or folder being fuzzed.
    @Test(arguments: [("state", "@BOOK@"), ("book-state", "@BOOK@"), ("library-cache", "@HOME@")])
    func seedsNameTheFuzzHomesFilesByPlaceholder(name: String, placeholder: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let book = try #require(FileManager.default.contents(atPath: Corpus.repositoryPath("books/青灯记.txt")))
        let seeds = target.seeds(Array(book)).map { String(decoding: $0, as: UTF8.self) }
        #expect(seeds.contains { $0.contains(placeholder) }, "no seed of \(name) names its files by \(placeholder)")
        for seed in seeds {
            #expect(!seed.contains("/novel-fuzz-"), "a seed of \(name) keeps its maker's home: \(seed)")
        }
    }

    @Test func everyTargetsDictionaryExists() {
        for target in FuzzTargets.all {
            for name in target.dictionaries {
                #expect(
                    FileManager.default.fileExists(atPath: Corpus.repositoryPath(Self.dictionaries + name)),
                    "\(target.name) names a missing dictionary \(name)")
            }
        }
    }

    @Test func theSettingsDictionaryNamesEveryKey() throws {
        let path = Corpus.repositoryPath(Self.dictionaries + "settings.dict")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in SettingsKey.allCases {
            #expect(text.contains("=\"\\x22\(key.rawValue)\\x22\""), "settings.dict lacks the key \(key.rawValue)")
        }
    }
}
