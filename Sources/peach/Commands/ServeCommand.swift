// ServeCommand: `peach serve`: the practice box daemon, wired to the live ports; `--status` shows its log.

import ArgumentParser
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// `peach serve`: the headless practice box (see `PracticeBox`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: CLI.texts.help(.serveAbstract),
        discussion: CLI.texts.help(.serveDiscussion))

    @OptionGroup var options: TrainingOptions

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.serveStatus)))
    var status = false

    @MainActor
    func run() async throws {
        let run = options.run
        let locations = try run.data.locations()
        if status {
            Terminal.show(StatusLog(directory: locations.dataDirectory).report(texts: CLI.texts))
            return
        }
        try run.checkOutputs()
        let plan = BoxLauncher.Plan(
            settingsFile: SettingsFile(path: locations.settingsFile),
            overrides: { try options.overrides.apply(to: $0) },
            profile: { try run.profile.resolve(settings: $0) }, dataDirectory: locations.dataDirectory,
            events: run.events)
        let status = try await BoxLauncher.run(
            plan, texts: CLI.texts, environment: CLI.environment,
            openAudio: { try run.sound.openInternal(settings: $0, onLost: $1).output },
            openExternal: { try run.sound.openExternal(settings: $0) },
            openInput: { try run.controller.open(profile: $0, useKeyboard: false) })
        if status != 0 { throw ExitCode(status) }
    }
}
