/// `novel rules --test` over an opened `Book`: its title, its path and its text.
extension RuleTest {
    public static func run(_ rules: CleaningRules, book: Book) -> [Result] {
        run(rules, title: book.title, path: book.path, text: book.text)
    }
}
