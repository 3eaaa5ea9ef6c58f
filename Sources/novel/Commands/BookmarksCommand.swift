import ArgumentParser

struct BookmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bookmarks", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("novel bookmarks is not built yet")
    }
}
