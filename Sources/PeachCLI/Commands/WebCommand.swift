// WebCommand: `peach web`: the dashboard in a browser, served from the data folder (read-only).

import ArgumentParser
import Logging
import PeachLive
import PeachStore
import PeachText
import PeachTraining
import PeachWeb

/// `peach web`: serves the dashboard (``DashboardServer``) and prints its address.
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web", abstract: CLI.texts.help(.webAbstract), discussion: CLI.texts.help(.webDiscussion)
    )

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.webAddress), valueName: "address"))
    var address = DashboardServer.defaultHost

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.webPort), valueName: "port"))
    var port = DashboardServer.defaultPort

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.webSetPassword)))
    var setPassword = false

    func validate() throws {
        try CommandError.checkRanges(
            [("--port", Double(port), 0...65535, .wholeNumber(0...65535))], number: CLI.texts.shortest)
        guard !address.isEmpty, address.count <= 253,
            address.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".:-".contains($0)) })
        else { throw CommandError.invalidSpec(option: "--address", value: address, expected: .listenAddress) }
    }

    func run() async throws {
        let locations = try data.locations()
        if setPassword {
            try Self.setPassword(PasswordFile(locations: locations))
            return
        }
        let server = DashboardServer(
            configuration: DashboardServer.Configuration(
                host: address, port: port, locations: locations, version: CLI.version,
                profiles: { Completions.values.profileNames() }),
            logger: Logger(label: "peach.web"))
        try await server.run { url in
            Terminal.show(CLI.texts.dashboardAddress(url))
        }
    }

    /// Asks for the password (twice at a terminal) and keeps its hash.
    static func setPassword(_ file: PasswordFile) throws {
        let password = SecretPrompt.read(prompt: CLI.texts(.passwordPrompt)) ?? ""
        guard password.count >= PasswordFile.minimumLength else {
            throw CommandError.passwordTooShort(minimum: PasswordFile.minimumLength)
        }
        if SecretPrompt.isInteractive {
            let again = SecretPrompt.read(prompt: CLI.texts(.passwordAgain)) ?? ""
            guard again == password else { throw CommandError.passwordsDiffer }
        }
        do { try file.set(password) } catch { throw CommandError.cannotWrite(error) }
        Terminal.show(
            CLI.texts(.passwordSet))
    }
}
