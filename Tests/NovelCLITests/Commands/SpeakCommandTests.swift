import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel speak`: a chapter written to a WAV file by espeak-ng, measured with sox; the command engine
/// with a fake speaking command of our own.
@Suite(.enabled(if: SpeechTools.areInstalled, "espeak-ng or sox is not installed"))
final class SpeakCommandTests {
    /// Silence is quieter than this share of full scale (sox's `silence` threshold).
    static let silenceThreshold = "1%"
    /// The longest pause allowed inside speech, in seconds.
    static let longestPause = 2.0

    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory("novel-speak") }
    deinit { home.remove() }

    func novel(_ arguments: [String]) throws -> NovelBinary.Result {
        let result = try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func duration(_ wav: String) throws -> Double {
        try #require(Double(try run("soxi", ["-D", wav])))
    }

    /// The seconds sox removes from `wav` when it cuts every silent stretch longer than `longestPause`
    /// (sox `silence 0 -1 D T`): 0 when there is no such gap.
    static func silenceOverLongestPause(_ wav: String, folder: TemporaryDirectory) throws -> Double {
        let cut = folder.path + "/cut-\(UUID().uuidString.prefix(6)).wav"
        _ = try run("sox", [wav, cut, "silence", "0", "-1", String(longestPause), silenceThreshold])
        return try duration(wav) - duration(cut)
    }

    /// The sentences and words of the chapter titled `title`, as `novel speak` finds them.
    static func chapter(_ path: String, titled title: String) throws -> [SpokenSentence] {
        let book = try BookOpener.open(path: path)
        let entry = try #require(book.index.entries.firstIndex { $0.title == title })
        return SentenceFinder.sentences(book, entry: entry, options: DisplayOptions())
    }

    @Test func anEnglishChapterAsAWAVHasItsLengthAndNoLongGap() throws {
        let book = Corpus.repositoryPath("books/the-lamplighter.txt")
        let wav = home.path + "/chapter.wav"
        _ = try novel(["speak", book, "--chapter", "Chapter 1", "--to", wav])
        let words = try Self.chapter(book, titled: "Chapter 1").map { $0.text.split(separator: " ").count }
            .reduce(0, +)
        let seconds = try Self.duration(wav)
        // espeak-ng's 175 words a minute, with the pauses between sentences: between 0.7 and 1.6 times that.
        let speaking = Double(words) / 175 * 60
        #expect(seconds > speaking * 0.7 && seconds < speaking * 1.6, "\(words) words in \(seconds) s")
        #expect(try Self.silenceOverLongestPause(wav, folder: home) < 0.05)
    }

    @Test func aChineseChapterAsAWAVHasItsLengthAndNoLongGap() throws {
        let book = Corpus.repositoryPath("books/青灯记.txt")
        let wav = home.path + "/chapter.wav"
        _ = try novel(["speak", book, "--chapter", "1", "--to", wav])
        let opened = try BookOpener.open(path: book)
        let sentences = SentenceFinder.sentences(opened, entry: 1, options: DisplayOptions())
        let syllables = sentences.map { $0.text.unicodeScalars.filter { $0.properties.isIdeographic }.count }
            .reduce(0, +)
        let seconds = try Self.duration(wav)
        #expect(
            seconds > Double(syllables) / CJKRate.fastest && seconds < Double(syllables) / CJKRate.slowest,
            "\(syllables) characters in \(seconds) s")
        #expect(try Self.silenceOverLongestPause(wav, folder: home) < 0.05)
    }

    /// The gap measure finds a gap: the same speech with three seconds of silence put in its middle.
    @Test func theGapMeasureFindsAGap() throws {
        let wav = home.path + "/short.wav"
        let gapped = home.path + "/gapped.wav"
        let book = try home.write("short.txt", "Chapter 1\n\nThe lamp was lit. The wind rose over the pier.\n")
        _ = try novel(["speak", book, "--chapter", "Chapter 1", "--to", wav])
        let middle = try Self.duration(wav) / 2
        _ = try Self.run("sox", [wav, gapped, "pad", "3@\(middle)"])
        #expect(try Self.silenceOverLongestPause(wav, folder: home) < 0.05)
        #expect(try Self.silenceOverLongestPause(gapped, folder: home) > 0.9)
    }

    /// The command engine gets every sentence of the chapter, in order, one run each.
    @Test func theCommandEngineGetsEverySentence() throws {
        let book = Corpus.repositoryPath("books/青灯记.txt")
        let log = home.path + "/said"
        let script = try home.write("fake.sh", "IFS= read -r line\necho \"$line\" >> \"\(log)\"\n")
        _ = try novel(["speak", book, "--chapter", "1", "--command", "sh \(script)"])
        let opened = try BookOpener.open(path: book)
        let expected = SentenceFinder.sentences(opened, entry: 1, options: DisplayOptions()).map(\.text)
        let said = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(said == expected)
    }

    @Test func voicesAreListed() throws {
        let listed = try novel(["speak", "--list-voices"]).stdout
        for voice in ["cmn", "yue", "en"] {
            #expect(listed.split(separator: "\n").contains { $0.hasPrefix(voice + " ") || $0.hasPrefix(voice + "-") })
        }
    }
}

/// How fast espeak-ng's Mandarin voice says Chinese characters at its default rate, with the pauses of
/// punctuation. A character in its dictionary is one syllable (about 4 a second); Debian's `cmn_dict` lacks
/// many common characters (们, 国) and reads those as their code points in English, much slower: 2.4 a
/// second measured on 青灯记. The range allows both.
enum CJKRate {
    static let fastest = 8.0
    static let slowest = 1.0
}

/// espeak-ng and sox, which `scripts/setup --testing` installs.
enum SpeechTools {
    static let areInstalled = ["/usr/bin/espeak-ng", "/usr/bin/sox", "/usr/bin/soxi"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
