// WebCommand: `peach web`: the dashboard in a browser, served from the data folder (read-only).

import ArgumentParser
import PeachText
import PeachTraining

/// `peach web`: serves the dashboard and prints its address (``DashboardRun``, in a `peach` built with the
/// `Dashboard` package trait, the default; a build without it, as the README's first command makes, says how to
/// get it).
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "web", abstract: .webAbstract, discussion: .webDiscussion)

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.webAddress), valueName: "address"))
    var address = DashboardAddress.defaultHost

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.webPort), valueName: "port"))
    var port = DashboardAddress.defaultPort

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.webHost), valueName: "name"))
    var host: [String] = []

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.webSetPassword)))
    var setPassword = false

    func validate() throws {
        try CommandError.checkRanges(
            [("--port", Double(port), 0...65535, .wholeNumber(0...65535))], number: CLI.texts.shortest)
        guard !address.isEmpty, address.count <= 253,
            address.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".:-".contains($0)) })
        else { throw CommandError.invalidSpec(option: "--address", value: address, expected: .listenAddress) }
        for name in host
        where name.isEmpty || name.count > 253 || name.hasPrefix("-") || name.hasPrefix(".")
            || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-".contains($0)) })
        {
            throw CommandError.invalidSpec(option: "--host", value: name, expected: .hostName)
        }
    }

    func run() async throws {
        #if Dashboard
            try await DashboardRun.run(self)
        #else
            throw CommandError.builtWithoutDashboard
        #endif
    }
}
