import NovelCore

/// Chapter titles as shown, converted once each.
struct ConvertedTitles {
    let book: Book
    let conversion: Conversion
    private var made: [Int: String] = [:]

    init(book: Book, conversion: Conversion) {
        self.book = book
        self.conversion = conversion
    }

    subscript(entry: Int) -> String {
        mutating get {
            if let title = made[entry] { return title }
            let title = conversion.apply(to: book.index.entries[entry].title)
            made[entry] = title
            return title
        }
    }
}
