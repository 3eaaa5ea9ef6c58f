import NovelCore

/// The book's links (an EPUB's, `Book.markup`): the link keys select one among those on screen, `Enter`
/// or a click follows it. A note reference opens its note over the foot of the page; another link is a
/// jump, which `C-o` comes back from; a link out of the book says so. Selecting never moves the text.
extension Reader {
    /// The book's links, in text order (none for a book without markup).
    var links: [BookLink] { book.markup?.links ?? [] }

    /// The indices in `links` of those on screen, in text order.
    var linksOnScreen: Range<Int> {
        guard let markup = book.markup, let visible = visibleByteRange() else { return 0..<0 }
        return markup.links(overlapping: visible)
    }

    /// The selected link while it is on screen.
    var selectedLinkOnScreen: Int? {
        guard let selectedLink, linksOnScreen.contains(selectedLink) else { return nil }
        return selectedLink
    }

    /// Selects the next (or previous) link on screen after the selected one, going round; the first (or
    /// last) when none on screen is selected.
    mutating func selectLink(forward: Bool) {
        let shown = linksOnScreen
        guard !shown.isEmpty else {
            message = links.isEmpty ? "This book has no links" : "No links on this screen"
            return
        }
        guard let current = selectedLinkOnScreen else {
            selectedLink = forward ? shown.lowerBound : shown.upperBound - 1
            return
        }
        let step = forward ? 1 : -1
        let next = current + step
        selectedLink = shown.contains(next) ? next : (forward ? shown.lowerBound : shown.upperBound - 1)
    }

    /// `Enter` with a link selected on screen: follows it.
    mutating func followSelectedLink() {
        guard let selected = selectedLinkOnScreen else { return }
        follow(selected)
    }

    /// Opens link `index`'s note in place, or jumps to its target (a jump `C-o` returns from).
    mutating func follow(_ index: Int) {
        guard links.indices.contains(index) else { return }
        let link = links[index]
        if let note = book.noteRange(of: link) {
            let text = book.text.utf8.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[note]), as: UTF8.self)
            }
            overlay = .note(NoteOverlay(text: shownConversion.apply(to: text)))
            return
        }
        guard let target = link.target else {
            message = "This link leads out of the book"
            return
        }
        selectedLink = nil
        jump(to: target)
    }

    /// The link under a click at (row, column) of the text, if any: the cluster drawn there, found as it
    /// is drawn (`shownLines`), and the link holding its bytes.
    func link(atRow row: Int, column: Int) -> Int? {
        guard let markup = book.markup, !markup.links.isEmpty, let geometry = layout.geometry else { return nil }
        for shown in shownLines() where shown.row == row {
            let left = (shown.column ?? frame.left) + geometry.left
            guard
                let cluster = shown.line.clusters.first(where: {
                    left + $0.column <= column && column < left + $0.column + max($0.width, 1)
                })
            else { continue }
            return SortedRanges.firstOverlapping(cluster.bytes, in: markup.links, range: \.range)
        }
        return nil
    }

    /// Keys in a note: the arrows (and `j`/`k`, the pages, the wheel) scroll a long note; any other key
    /// closes it, as in the help.
    mutating func handleNote(_ note: NoteOverlay, _ event: InputEvent) {
        let count = noteLines(note).count
        if let moved = Self.moved(note.top, count: count, page: noteRows(note) - 1, by: event, letters: true) {
            var note = note
            note.top = min(moved, max(0, count - (noteRows(note) - 1)))
            overlay = .note(note)
        } else {
            overlay = nil
        }
    }
}
