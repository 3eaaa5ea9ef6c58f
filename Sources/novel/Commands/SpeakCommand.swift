import ArgumentParser
import Foundation
import NovelCore
import NovelSpeech

/// `novel speak`: the book read aloud from the terminal, sentence by sentence as the reader shows it, or
/// written to a WAV or Opus file. espeak-ng speaks unless `--command` (or `speech.command`) names another
/// engine.
struct SpeakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak",
        abstract: "Read a book aloud, or write the speech to a WAV or Opus file.",
        discussion: """
            Speaks what the reader shows (after reflow, conversion, cleaning rules and junk hiding), one \
            sentence at a time, from the saved reading position to the book's end unless --chapter or --from \
            says otherwise; --chapter speaks that chapter only. --to writes the speech to one file instead \
            (FILE.opus through opusenc from opus-tools). espeak-ng speaks in the book's language (cmn for \
            Chinese, yue for a Hong Kong EPUB, en for English) unless --voice or speech.voice names another, \
            at --rate or speech.rate words per minute. --command (or the setting speech.command) runs any \
            command that speaks the text it reads on standard input, once per sentence (spd-say -e -w for \
            speech-dispatcher, or piper piped into a player); --voice, --rate and --to choose espeak-ng over \
            speech.command. A progress bar is drawn on stderr when it is a terminal.

            Examples:
              novel speak book.txt
              novel speak book.txt --chapter 3 --to chapter3.wav
              novel speak book.txt --from 40% --to rest.opus
              novel speak book.txt --voice yue --rate 200
              novel speak book.txt --command 'spd-say -e -w'
              novel speak --list-voices
            """)

    @Argument(help: "The book file.") var book: String?
    @Option(help: "Speak only this chapter: its index in novel toc or (part of) its title.") var chapter: String?
    @Option(help: "Start here instead of the saved position: a percentage of the book (40%) or a bookmark id.")
    var from: String?
    @Option(help: "Write the speech to this file instead of playing it: FILE.wav, or FILE.opus (needs opusenc).")
    var to: String?
    @Flag(help: "List espeak-ng's voices (language, name, file) and exit.") var listVoices = false
    @Option(help: "The espeak-ng voice (default: speech.voice, else from the book's language).") var voice: String?
    @Option(help: "espeak-ng's rate in words per minute (80–450; default: speech.rate, 175).") var rate: Int?
    @Option(help: "A command that speaks the text it reads on standard input (default: speech.command).")
    var command: String?
    @OptionGroup var bookOptions: BookOptions

    func validate() throws {
        if book == nil && !listVoices { throw ValidationError("a book file is needed (or --list-voices)") }
        if chapter != nil && from != nil { throw ValidationError("--chapter and --from cannot be used together") }
        if command != nil && (to != nil || voice != nil || rate != nil) {
            throw ValidationError("--command speaks by itself: --to, --voice and --rate are espeak-ng's")
        }
        if let rate, !SpeechRate.wordsPerMinute.contains(rate) {
            throw ValidationError(
                "--rate \(rate): espeak-ng speaks from \(SpeechRate.wordsPerMinute.lowerBound) to "
                    + "\(SpeechRate.wordsPerMinute.upperBound) words per minute")
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
        let settings = SettingsStore(paths: paths).load().settings
        let session = try bookOptions.openSession(book, paths: paths)
        let opened = session.book
        let display = try bookOptions.display(for: opened, state: session.state, paths: paths)
        let start = try startOffset(opened, state: session.state)
        let entries = opened.index.entries
        let first = opened.index.entryIndex(containing: start)
        let chapters = chapter != nil ? first...first : first...(entries.count - 1)
        let recording = try to.map { path throws(SpeechError) in try SpeechRecording(path: path) }
        let engine = try makeEngine(settings: settings, book: opened, recording: recording)
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
        try recording?.finish()
        if stopper.interrupted { throw ExitCode(130) }
    }

    /// The engine the flags and settings choose: a command (`--command`, else `speech.command` unless an
    /// espeak-ng flag is given), else espeak-ng playing, or writing to `recording`.
    private func makeEngine(settings: Settings, book: Book, recording: SpeechRecording?) throws -> any SpeechEngine {
        let choosesEspeak = to != nil || voice != nil || rate != nil
        if let command = command ?? (choosesEspeak || settings.speechCommand.isEmpty ? nil : settings.speechCommand) {
            return CommandEngine(command: command)
        }
        let voice = voice ?? (settings.speechVoice.isEmpty ? SpeechVoice.espeakVoice(for: book) : settings.speechVoice)
        return try EspeakEngine(
            voice: voice, rate: rate ?? settings.speechRate,
            output: recording.map { recording in .samples { recording.append($0) } } ?? .playback)
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
