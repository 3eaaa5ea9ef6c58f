import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel speak`: chapters and books written to WAV and Opus files by espeak-ng, measured with sox; the
/// settings it reads; its one-line messages; the command engine with a speaking command of our own.
@Suite(.enabled(if: SpeechTools.areInstalled, "espeak-ng or sox is not installed"))
final class SpeakCommandTests {
    /// Silence is quieter than this share of full scale (sox's `silence` threshold).
    static let silenceThreshold = "1%"
    /// The longest pause allowed inside speech, in seconds.
    static let longestPause = 2.0

    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory("novel-speak") }
    deinit { home.remove() }

    func novel(_ arguments: [String], environment: [String: String] = [:]) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: environment.merging(["NOVEL_HOME": home.path]) { $1 })
    }

    /// `novel arguments…`, expected to succeed.
    @discardableResult
    func succeeds(_ arguments: [String]) throws -> NovelBinary.Result {
        let result = try novel(arguments)
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

    /// The sentences of the chapter titled `title`, as `novel speak` finds them.
    static func chapter(_ path: String, titled title: String) throws -> [SpokenSentence] {
        let book = try BookOpener.open(path: path)
        let entry = try #require(book.index.entries.firstIndex { $0.title == title })
        return SentenceFinder.sentences(book, entry: entry, options: DisplayOptions())
    }

    static let englishBook = Corpus.repositoryPath("books/the-lamplighter.txt")
    static let chineseBook = Corpus.repositoryPath("books/青灯记.txt")

    /// Two short chapters of our own.
    func shortBook() throws -> String {
        try home.write(
            "short.txt",
            """
            Chapter 1

            The lamp was lit. The wind rose over the pier, and the boats knocked against the wall.

            Chapter 2

            Nell came down the steps with a basket. "Is it late?" she asked. It was.

            """)
    }

    @Test func anEnglishChapterAsAWAVHasItsLengthAndNoLongGap() throws {
        let wav = home.path + "/chapter.wav"
        let result = try succeeds(["speak", Self.englishBook, "--chapter", "Chapter 1", "--to", wav])
        #expect(result.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(result.stderr)")
        let words = try Self.chapter(Self.englishBook, titled: "Chapter 1").map { $0.text.split(separator: " ").count }
            .reduce(0, +)
        let seconds = try Self.duration(wav)
        // espeak-ng's 175 words a minute, with the pauses between sentences: between 0.7 and 1.6 times that.
        let speaking = Double(words) / 175 * 60
        #expect(seconds > speaking * 0.7 && seconds < speaking * 1.6, "\(words) words in \(seconds) s")
        #expect(try Self.silenceOverLongestPause(wav, folder: home) < 0.05)
    }

    @Test func aChineseChapterAsAWAVHasItsLengthAndNoLongGap() throws {
        let wav = home.path + "/chapter.wav"
        try succeeds(["speak", Self.chineseBook, "--chapter", "1", "--to", wav])
        let opened = try BookOpener.open(path: Self.chineseBook)
        let sentences = SentenceFinder.sentences(opened, entry: 1, options: DisplayOptions())
        let syllables = sentences.map { $0.text.unicodeScalars.filter { $0.properties.isIdeographic }.count }
            .reduce(0, +)
        let seconds = try Self.duration(wav)
        #expect(
            seconds > Double(syllables) / CJKRate.fastest && seconds < Double(syllables) / CJKRate.slowest,
            "\(syllables) characters in \(seconds) s")
        #expect(try Self.silenceOverLongestPause(wav, folder: home) < 0.05)
    }

    /// Without --chapter the speech runs to the book's end, every chapter in the one file.
    @Test func theWholeBookGoesInOneFile() throws {
        let book = try shortBook()
        let (all, first, second) = (home.path + "/all.wav", home.path + "/1.wav", home.path + "/2.wav")
        try succeeds(["speak", book, "--to", all])
        try succeeds(["speak", book, "--chapter", "Chapter 1", "--to", first])
        try succeeds(["speak", book, "--chapter", "Chapter 2", "--to", second])
        let (whole, parts) = (try Self.duration(all), try Self.duration(first) + Self.duration(second))
        #expect(abs(whole - parts) < parts * 0.1, "the book: \(whole) s, its chapters: \(parts) s")
        #expect(try Self.duration(first) > 3, "a chapter of several sentences, not its first alone")
    }

    /// The gap measure finds a gap: the same speech with three seconds of silence put in its middle.
    @Test func theGapMeasureFindsAGap() throws {
        let wav = home.path + "/short.wav"
        let gapped = home.path + "/gapped.wav"
        try succeeds(["speak", try shortBook(), "--chapter", "Chapter 1", "--to", wav])
        let middle = try Self.duration(wav) / 2
        _ = try Self.run("sox", [wav, gapped, "pad", "3@\(middle)"])
        #expect(try Self.silenceOverLongestPause(wav, folder: home) < 0.05)
        #expect(try Self.silenceOverLongestPause(gapped, folder: home) > 0.9)
    }

    @Test(.enabled(if: SpeechTools.opusToolsAreInstalled, "opus-tools is not installed"))
    func anOpusFileHoldsTheSameSpeech() throws {
        let book = try shortBook()
        let (wav, opus, decoded) = (home.path + "/s.wav", home.path + "/s.opus", home.path + "/decoded.wav")
        try succeeds(["speak", book, "--to", wav])
        try succeeds(["speak", book, "--to", opus])
        _ = try Self.run("opusdec", ["--quiet", opus, decoded])
        let (expected, got) = (try Self.duration(wav), try Self.duration(decoded))
        #expect(abs(got - expected) < expected * 0.1, "WAV \(expected) s, Opus \(got) s")
    }

    @Test func withoutOpusencAnOpusFileIsRefusedInOneLine() throws {
        let result = try novel(
            ["speak", try shortBook(), "--to", home.path + "/s.opus"], environment: ["PATH": home.path + "/none"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("opusenc") && result.stderr.contains("opus-tools"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/s.opus"))
    }

    /// Where no audio device can be opened (no sound server, no ALSA device), playing is refused in one line
    /// that names the problem, and novel exits with 1.
    @Test func withoutAnAudioDeviceSpeakingIsRefusedInOneLine() throws {
        let emptyConfig = try home.write("alsa.conf", "")
        let result = try novel(
            ["speak", try shortBook(), "--chapter", "Chapter 1"],
            environment: [
                "PULSE_SERVER": "unix:" + home.path + "/no-pulse", "ALSA_CONFIG_PATH": emptyConfig,
                "XDG_RUNTIME_DIR": home.path,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("audio device"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// `speech.command`, `speech.rate` and `speech.voice` are read when the flags are absent.
    @Test func theSpeechSettingsAreRead() throws {
        let book = try shortBook()
        let log = home.path + "/said"
        let script = try home.write("fake.sh", "IFS= read -r line\necho \"$line\" >> \"\(log)\"\n")
        try succeeds(["settings", "--set", "speech.command=sh \(script)"])
        try succeeds(["speak", book, "--chapter", "Chapter 1"])
        let said = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            said == [
                "Chapter 1", "The lamp was lit.",
                "The wind rose over the pier, and the boats knocked against the wall.",
            ])
        // --to chooses espeak-ng over speech.command.
        let normal = home.path + "/normal.wav"
        try succeeds(["speak", book, "--chapter", "Chapter 1", "--to", normal])
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 3)
        try succeeds(["settings", "--set", "speech.rate=350"])
        let fast = home.path + "/fast.wav"
        try succeeds(["speak", book, "--chapter", "Chapter 1", "--to", fast])
        #expect(try Self.duration(fast) < Self.duration(normal) * 0.75)
        try succeeds(["settings", "--set", "speech.voice=no-such-voice"])
        let refused = try novel(["speak", book, "--chapter", "Chapter 1", "--to", home.path + "/x.wav"])
        #expect(refused.status == 2 && refused.stderr.contains("no-such-voice"), "\(refused.stderr)")
        #expect(try novel(["settings", "--set", "speech.rate=500"]).status == 2)
    }

    /// The command engine gets every sentence of the chapter, in order, one run each.
    @Test func theCommandEngineGetsEverySentence() throws {
        let log = home.path + "/said"
        let script = try home.write("fake.sh", "IFS= read -r line\necho \"$line\" >> \"\(log)\"\n")
        try succeeds(["speak", Self.chineseBook, "--chapter", "1", "--command", "sh \(script)"])
        let opened = try BookOpener.open(path: Self.chineseBook)
        let expected = SentenceFinder.sentences(opened, entry: 1, options: DisplayOptions()).map(\.text)
        let said = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(said == expected)
    }

    @Test func voicesAreListed() throws {
        let listed = try succeeds(["speak", "--list-voices"]).stdout
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

/// espeak-ng and sox, which `scripts/setup --testing` installs, and opus-tools.
enum SpeechTools {
    static let areInstalled = ["/usr/bin/espeak-ng", "/usr/bin/sox", "/usr/bin/soxi"].allSatisfy(isInstalled)
    static let opusToolsAreInstalled = ["/usr/bin/opusenc", "/usr/bin/opusdec"].allSatisfy(isInstalled)

    static func isInstalled(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }
}
