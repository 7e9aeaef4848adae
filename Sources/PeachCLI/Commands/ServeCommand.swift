// ServeCommand: `peach serve`: the practice box daemon, wired to the live ports; `--status` shows its log.

import ArgumentParser
import PeachALSA
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// `peach serve`: the headless practice box (see `PracticeBox`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "serve", abstract: .serveAbstract, discussion: .serveDiscussion)

    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup var live: RunOptions

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.serveStatus)))
    var status = false

    @MainActor
    func run() async throws {
        let locations = try live.data.locations()
        if status {
            Terminal.show(CLI.texts.boxReport(StatusLog(directory: locations.dataDirectory)))
            return
        }
        try live.checkOutputs()
        var plan = BoxLauncher.Plan(
            settingsFile: SettingsFile(path: locations.settingsFile),
            overrides: { try overrides.apply(to: $0) },
            profile: { try live.profile.resolve(settings: $0) }, dataDirectory: locations.dataDirectory,
            events: live.events)
        plan.calibrationFile = locations.calibrationFile
        let status = try await BoxLauncher.run(
            plan, texts: CLI.texts, environment: CLI.environment,
            // The box's one output serves play-back's keys too: opened as `peach play` opens one (4 × 64 where it
            // sustains it, without --latency).
            openAudio: { try live.sound.openInternal(settings: $0, playing: true, onLost: $1).output },
            openExternal: { try live.sound.openExternal(settings: $0) },
            openInput: { try live.controller.open(profile: $0, useKeyboard: false) },
            listOutputs: {
                ALSADeviceList.playableOutputs().map {
                    BoxStatus.Output(
                        setting: "alsa:" + $0.name, description: $0.description, busy: $0.stack == nil)
                }
            })
        if status != 0 { throw ExitCode(status) }
    }
}
