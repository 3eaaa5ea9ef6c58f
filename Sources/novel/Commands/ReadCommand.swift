import ArgumentParser

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("novel read is not built yet")
    }
}
