/// The pager as the app loop drives it: what it handles is what the loop performs.
extension Reader: ReaderModel {
    public mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
        handle(event, now: now)
    }
}
