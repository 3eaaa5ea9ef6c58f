import NovelCore

/// The two-page spread (`TextFrame.isSpread`): `location` is the left page and the next page of its
/// chapter the right one. A chapter's pages pair up from its first page, so a spread is the same however
/// it was reached: a chapter (a TOC jump) always starts on the left page, a jump into a chapter shows the
/// pair holding its target, and the page keys turn both pages. A chapter whose last left page has no
/// partner leaves the right page blank, as a book does before a new chapter.
extension Reader {
    var isSpread: Bool { frame.isSpread }

    /// The left page of the spread holding `page` (`page` itself without a spread).
    func spreadStart(_ page: PageLocation) -> PageLocation {
        guard isSpread else { return page }
        return PageLocation(entry: page.entry, page: page.page - page.page % 2)
    }

    /// The page shown beside `left` on its right, when its chapter has one.
    func rightPage(of left: PageLocation) -> PageLocation? {
        guard isSpread, left.page + 1 < layout.chapter(left.entry).pages.count else { return nil }
        return PageLocation(entry: left.entry, page: left.page + 1)
    }

    /// The pages on screen in page mode, left to right, each with the screen column its viewport starts at.
    var shownPages: [(page: PageLocation, column: Int)] {
        [(location, frame.left)] + (rightPage(of: location).map { [($0, frame.rightPage)] } ?? [])
    }

    /// The page (or spread) after or before `location`; nil at the book's end or start.
    func turned(_ location: PageLocation, forward: Bool) -> PageLocation? {
        let target =
            forward ? layout.next(after: rightPage(of: location) ?? location) : layout.previous(before: location)
        return target.map(spreadStart)
    }
}
