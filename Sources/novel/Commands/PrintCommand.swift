import ArgumentParser

struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "print", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("novel print is not built yet")
    }
}
