import ArgumentParser

struct RecentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recent", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("novel recent is not built yet")
    }
}
