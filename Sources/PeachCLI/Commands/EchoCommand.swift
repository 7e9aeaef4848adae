// EchoCommand: `peach echo`: rhythm echo, call and response on a pad.

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// `peach echo`: a bar plays; echo it on a pad in the next bar against the click.
struct EchoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo", abstract: CLI.texts.help(.echoAbstract),
        discussion: CLI.texts.help(.echoDiscussion))

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions
    private var options: TimingOptions { TimingOptions(tempo: tempo, run: live) }

    func validate() throws { _ = try OptionOverrides.apply(options.values(), to: PeachSettings.defaults) }

    @MainActor
    func run() async throws { try await options.launch(.echo) }
}
