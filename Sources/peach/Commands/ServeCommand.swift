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
        let locations = try options.data.locations()
        if status {
            Terminal.show(StatusLog(directory: locations.dataDirectory).report(texts: CLI.texts))
            return
        }
        for path in [
            options.events, options.sound.audio.audioOut?.wavPath, options.sound.midi.output?.rawPath,
        ] {
            if let path { try CLI.checkOutput(path, dataDirectory: options.data.dataDir) }
        }
        let plan = BoxLauncher.Plan(
            settingsFile: SettingsFile(path: locations.settingsFile),
            overrides: { try options.overrides.apply(to: $0) },
            profile: { try options.profile.resolve(settings: $0) }, dataDirectory: locations.dataDirectory,
            events: options.events)
        let status = try await BoxLauncher.run(
            plan, texts: CLI.texts, environment: CLI.environment,
            openAudio: { try options.sound.openInternal(settings: $0, onLost: $1).output },
            openExternal: { try options.sound.openExternal(settings: $0, clock: LiveSessionClock()) },
            openInput: { try options.controller.open(profile: $0, useKeyboard: false) })
        if status != 0 { throw ExitCode(status) }
    }
}
