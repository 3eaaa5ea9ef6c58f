import ArgumentParser

struct TocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "toc", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("novel toc is not built yet")
    }
}
