import NovelCore

extension Reader {
    /// Runs a jump; when it moved the screen, the place it left goes onto the history.
    mutating func rememberingPlace(_ jump: (inout Reader) -> Void) {
        let left = position
        jump(&self)
        if firstVisibleOffset != left.offset { history.leave(left) }
    }

    /// Back to the place the last jump left (the jump-back key).
    mutating func goBack() {
        guard let place = history.goBack(from: position) else {
            message = "No earlier place to go back to"
            return
        }
        move(to: place.offset)
    }

    /// Forward again to where going back came from (the jump-forward key).
    mutating func goForward() {
        guard let place = history.goForward(from: position) else {
            message = "No later place to go forward to"
            return
        }
        move(to: place.offset)
    }
}
