import NovelCore

/// The reader's main loop: wait for input (or the next animation frame), let the reader handle it,
/// perform what it asks through the storage, draw. Progress is saved on page turns (debounced),
/// on quit and on signals; failed saves are shown in the status bar.
public enum ReaderApp {
    /// How the loop ended.
    public enum Outcome: Equatable, Sendable {
        case quit
        case signal(Int32)
    }

    /// Runs until the reader quits or a signal arrives. The caller restores the terminal. `pending` are
    /// events that arrived before the model existed (see `LoadingWait`), handled first, in order.
    /// `startIsSaved` is false when the reader starts somewhere the state does not have yet (a first open,
    /// `--chapter`): that place is then saved on the way out even if the reader never moved.
    public static func run<Model: ReaderModel>(
        _ model: inout Model, terminal: TerminalDevice, pending: [InputEvent] = [], storage: ReaderStorage,
        startIsSaved: Bool = true, saveInterval: Double = 1.0, clock: () -> Double = CursesTerminal.now
    ) -> Outcome {
        var pending = pending[...]
        var saver = ProgressSaver(interval: saveInterval, saved: startIsSaved ? model.position : nil)
        terminal.draw(model.screen())
        var outcome = Outcome.quit
        loop: while !model.isFinished {
            if let position = saver.due(now: clock()) { save(position, to: storage, model: &model) }
            let now = clock()
            let timeout = [model.nextDeadline, saver.deadline].compactMap { $0 }.min().map { max($0 - now, 0) }
            switch pending.popFirst().map(TerminalInput.event) ?? terminal.nextInput(timeout: timeout) {
            case .signal(let number):
                outcome = .signal(number)
                break loop
            case .timeout:
                model.tick(now: clock())
            case .event(let event):
                var quit = false
                for action in model.respond(to: event, now: clock()) {
                    switch action {
                    case .quit: quit = true
                    case .saveProgress(let position):
                        if let due = saver.record(position, now: clock()) { save(due, to: storage, model: &model) }
                    case .saveSettings(let settings):
                        terminal.setTheme(settings.theme)
                        perform("settings", &model) { try storage.saveSettings(settings) }
                    case .addBookmark(let bookmark):
                        perform("the bookmark", &model) { try storage.addBookmark(bookmark) }
                    case .deleteBookmark(let id):
                        perform("the bookmark removal", &model) { try storage.deleteBookmark(id: id) }
                    case .saveChapterPattern(let pattern):
                        perform("the chapter rule", &model) { try storage.saveChapterPattern(pattern) }
                    case .saveBookReflow(let reflow):
                        perform("the book's reflow", &model) { try storage.saveBookReflow(reflow) }
                    case .saveBookConvert(let conversion):
                        perform("the book's conversion", &model) { try storage.saveBookConvert(conversion) }
                    case .saveRuleSwitch(let name, let enabled):
                        perform("the cleaning rules", &model) { try storage.saveRuleSwitch(name: name, enabled: enabled) }
                    case .saveProgressNow(let position):
                        save(position, to: storage, model: &model)
                    case .setWindowTitle(let title):
                        terminal.setTitle(title)
                    }
                }
                if quit { break loop }
            }
            terminal.draw(model.screen())
        }
        // Whatever happened, the place the reader was at is written before leaving.
        let last = saver.record(model.position, now: clock()) ?? saver.due(now: clock(), force: true)
        if let last { save(last, to: storage, model: &model) }
        return outcome
    }

    private static func save<Model: ReaderModel>(_ position: ReadingPosition, to storage: ReaderStorage, model: inout Model) {
        perform("the reading position", &model) { try storage.saveProgress(position) }
    }

    private static func perform<Model: ReaderModel>(_ what: String, _ model: inout Model, _ body: () throws -> Void) {
        do {
            try body()
        } catch {
            model.report("could not save \(what): \(error)")
        }
    }
}
