/// The pager as the app loop drives it: its effects become the loop's actions.
extension Reader: ReaderModel {
    public mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
        handle(event, now: now).map(ReaderAction.init)
    }
}

extension ReaderAction {
    init(_ effect: ReaderEffect) {
        switch effect {
        case .saveProgress(let position): self = .saveProgress(position)
        case .saveSettings(let settings): self = .saveSettings(settings)
        case .addBookmark(let bookmark): self = .addBookmark(bookmark)
        case .deleteBookmark(let id): self = .deleteBookmark(id: id)
        case .saveChapterPattern(let pattern): self = .saveChapterPattern(pattern)
        case .quit: self = .quit
        }
    }
}
