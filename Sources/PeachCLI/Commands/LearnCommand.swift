// LearnCommand: `peach learn`: asks for each action in turn, captures the control, writes a profile.

import ArgumentParser
import PeachLive
import PeachMIDI
import PeachTraining

/// `peach learn`: MIDI learn into `$XDG_CONFIG_HOME/peach/profiles/NAME.json`.
struct LearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "learn", abstract: .learnAbstract, discussion: .learnDiscussion)

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.learnName)))
    var name = "learned"

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.learnActions)))
    var actions = LearnStep.defaults.map(\.description).joined(separator: ",")

    @Option(name: .customLong("device"), help: ArgumentHelp(CLI.texts.help(.learnDevice)))
    var devices: [String] = []

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.force)))
    var force = false

    @OptionGroup var controller: ControllerOptions

    /// The steps `--actions` names, in order.
    func validate() throws {
        guard ProfileLibrary.isValidName(name) else { throw ProfileError.invalidName(name) }
        _ = try LearnSteps.parse(actions)
        if controller.spec == .keyboard { throw CommandError.learnNeedsMIDI }
    }

    func run() throws {
        let texts = CLI.texts
        let folder = try CLI.locations(dataDirectory: nil).userProfilesDirectory
        _ = try LearnRun.target(name: name, in: folder, force: force)
        let input = try controller.open(profile: .builtInDefault, useKeyboard: false)
        try input.start()
        defer { input.stop() }
        let stopped = try LearnRun.learn(
            try LearnSteps.parse(actions), name: name, devices: devices, origin: controller.spec.description,
            folder: folder,
            input: input, texts: texts)
        if let stopped { throw ExitCode(stopped) }
    }
}
