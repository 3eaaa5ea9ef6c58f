/// `novel rules --test` over an opened `Book`: its title, its path and its text.
extension RuleTest {
    public static func run(_ rules: CleaningRules, book: Book) -> [Result] {
        run(rules, title: book.title, path: book.path, text: book.text)
    }

    /// What `rule` would do to `book` if it were added (the reader's "hide lines like this" preview).
    public static func preview(_ rule: CleaningRule, book: Book) -> Result? {
        run(CleaningRules(user: [rule]), book: book).last { $0.rule.name == rule.name }
    }
}
