// MonitorCommand: `peach monitor`: every incoming event and what the active profile makes of it.

import ArgumentParser
import PeachLive

/// `peach monitor`: prints each incoming MIDI event (and terminal key) with the actions the active profile
/// makes of it, one line per event; `--json` prints JSON Lines for machines.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "monitor", abstract: .monitorAbstract, discussion: .monitorDiscussion)

    @OptionGroup var controller: ControllerOptions
    @OptionGroup var profileOptions: ProfileOptions

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.monitorJSON)))
    var json = false

    func run() throws {
        let settings = try CLI.loadSettings()
        let profile = try profileOptions.resolve(settings: settings)
        let input = try controller.open(profile: profile, useKeyboard: true)
        if let status = try MonitorRun.run(
            input: input, spec: controller.spec.description, profile: profile, settings: settings, json: json,
            texts: CLI.texts)
        {
            throw ExitCode(status)
        }
    }
}
