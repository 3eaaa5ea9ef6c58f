import ArgumentParser

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "settings", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("novel settings is not built yet")
    }
}
