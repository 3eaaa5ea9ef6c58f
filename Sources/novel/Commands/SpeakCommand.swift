import ArgumentParser
import Foundation
import NovelCore
import NovelSpeech

/// `novel speak`: the book read aloud from the terminal, sentence by sentence as the reader shows it, or
/// written to a WAV file. espeak-ng speaks unless `--command` names another engine.
struct SpeakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak",
        abstract: "Read a book aloud, or write the speech to a WAV file.",
        discussion: """
            Speaks what the reader shows (after reflow, conversion, cleaning rules and junk hiding), one \
            sentence at a time, from the saved reading position unless --chapter or --from says otherwise; \
            --chapter speaks that chapter only. espeak-ng speaks in the book's language (cmn for Chinese, yue \
            for a Hong Kong EPUB, en for English) unless --voice names another; --command runs any command \
            that speaks the text it reads on standard input, once per sentence (spd-say -e for \
            speech-dispatcher, or piper piped into a player). A progress bar is drawn on stderr when it is \
            a terminal.

            Examples:
              novel speak book.txt
              novel speak book.txt --chapter 3 --to chapter3.wav
              novel speak book.txt --from 40% --voice yue --rate 200
              novel speak book.txt --command 'spd-say -e -w'
              novel speak --list-voices
            """)

    @Argument(help: "The book file.") var book: String?
    @Option(help: "Speak only this chapter: its index in novel toc or (part of) its title.") var chapter: String?
    @Option(help: "Start here instead of the saved position: a percentage of the book (40%) or a bookmark id.")
    var from: String?
    @Option(help: "Write the speech to this WAV file instead of playing it.") var to: String?
    @Flag(help: "List espeak-ng's voices (name, language, file) and exit.") var listVoices = false
    @Option(help: "The espeak-ng voice (default: from the book's language).") var voice: String?
    @Option(help: "espeak-ng's rate in words per minute (80–450, default 175).") var rate: Int?
    @Option(help: "A command that speaks the text it reads on standard input, instead of espeak-ng.")
    var command: String?
    @OptionGroup var bookOptions: BookOptions

    func validate() throws {
        if book == nil && !listVoices { throw ValidationError("a book file is needed (or --list-voices)") }
        if chapter != nil && from != nil { throw ValidationError("--chapter and --from cannot be used together") }
        if command != nil && (to != nil || voice != nil || rate != nil) {
            throw ValidationError("--command speaks by itself: --to, --voice and --rate are espeak-ng's")
        }
        if let rate, !EspeakEngine.rates.contains(rate) {
            throw ValidationError("--rate \(rate): espeak-ng speaks from 80 to 450 words per minute")
        }
    }

    func run() throws {
        if listVoices {
            let voices = try EspeakEngine.voices()
            var table = TextTable([.left, .left, .left])
            table.rows = [["LANGUAGE", "NAME", "FILE"]] + voices.map { [$0.language, $0.name, $0.file] }
            StandardOutput.write(TerminalSafe.escaped(table.text, keepingLayout: true))
            return
        }
        guard let book else { return }
        let paths = NovelPaths.fromEnvironment()
        let session = try bookOptions.openSession(book, paths: paths)
        let opened = session.book
        let display = try bookOptions.display(for: opened, state: session.state, paths: paths)
        let start = try startOffset(opened, state: session.state)
        let entries = opened.index.entries
        let first = opened.index.entryIndex(containing: start)
        let chapters = chapter != nil ? first...first : first...(entries.count - 1)
        let wav = try to.map { path throws(SpeechError) in try WAVFile(path: path) }
        let engine: any SpeechEngine =
            if let command {
                CommandEngine(command: command)
            } else {
                try EspeakEngine(
                    voice: voice ?? SpeechVoice.espeakVoice(for: opened), rate: rate ?? EspeakEngine.defaultRate,
                    output: wav.map { file in .samples { file.append($0) } } ?? .playback)
            }
        let stopper = InterruptStop(engine)
        defer { stopper.end() }
        let bar = SpeechProgressBar(chapters: chapters.count)
        for (position, entry) in chapters.enumerated() {
            let sentences = SentenceFinder.sentences(opened, entry: entry, options: display)
            let firstSentence =
                entry == first ? sentences.firstIndex { $0.range.upperBound > start } ?? sentences.count : 0
            let spoken = try SentenceSpeaker.speak(sentences, from: firstSentence, with: engine) { progress in
                if progress.event == .ended {
                    bar.show(chapter: position, done: progress.sentence + 1, of: sentences.count)
                }
            }
            if spoken < sentences.count - firstSentence { break }
        }
        bar.clear()
        if let wav, let espeak = engine as? EspeakEngine { try wav.finish(sampleRate: espeak.sampleRate) }
        if stopper.interrupted { throw ExitCode(130) }
    }

    /// Where speech starts: the chapter named, the place `--from` names, else the saved position.
    private func startOffset(_ book: Book, state: BookState?) throws -> Int {
        if let chapter { return try BookPlace.chapter(chapter).offset(in: book, state: state) }
        guard let from else { return try BookPlace.start(nil, in: book, state: state) }
        if from.hasSuffix("%"), let percent = Double(from.dropLast()) {
            return try BookPlace.percent(percent).offset(in: book, state: state)
        }
        return try BookPlace.bookmark(from).offset(in: book, state: state)
    }
}
