// LearnCommand: `peach learn`: asks for each action in turn, captures the control, writes a profile.

import ArgumentParser
import Foundation
import PeachMIDI
import PeachStore

/// `peach learn`: MIDI learn. Prompts "Press the control for Higher…" and so on, takes the first suitable
/// message for each, and writes `$XDG_CONFIG_HOME/peach/profiles/NAME.json`.
struct LearnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: Messages.pick(
            "Make a controller profile by pressing the controls for each action.",
            "Erstellt ein Controller-Profil: drücke für jede Aktion das Bedienelement."),
        discussion: """
            Peach asks for each action in turn; press (or move) the control you want for it. Keys and pads, \
            pedals and buttons (controllers; pedals that rest at 127 are taken as inverted) and program changes \
            can answer; for tuning, move the pitch-bend wheel, a fader or knob, or turn an encoder both ways. \
            Nothing is written until every action is learned; Ctrl-C stops without writing.
            Actions: higher, lower, commit, replay, startComparison, startPitchMatching, stop, tune.
            Examples:
              peach learn --name my-pads
              peach learn --name pedal --actions higher,lower
              peach learn --name keys --midi-in seq:Launchkey --force
            """)

    @Option(name: .long, help: "The profile's name (letters, digits, - and _).")
    var name = "learned"

    @Option(name: .long, help: "The actions to learn, in order, separated by commas.")
    var actions = LearnStep.defaults.map(\.description).joined(separator: ",")

    @Option(
        name: .customLong("device"),
        help:
            "A device-name pattern the profile fits (repeatable; default: the device the controls came from)."
    )
    var devices: [String] = []

    @Flag(name: .long, help: "Replace a profile of the same name.")
    var force = false

    @OptionGroup var input: MIDIInputOptions

    func run() throws {
        try reportingFailures {
            guard ProfileLibrary.isValidName(name) else { throw ProfileError.invalidName(name) }
            var steps: [LearnStep] = []
            for item in actions.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let step = LearnStep(name: item) else {
                    throw CommandFailure.usage(
                        Messages.pick(
                            "--actions: '\(item)' is not an action; use ",
                            "--actions: '\(item)' ist keine Aktion; nimm ")
                            + "higher, lower, commit, replay, startComparison, startPitchMatching, stop "
                            + Messages.pick("or tune.", "oder tune."))
                }
                guard !steps.contains(step) else {
                    throw CommandFailure.usage(
                        Messages.pick(
                            "--actions names '\(item)' twice.", "--actions nennt '\(item)' zweimal."))
                }
                steps.append(step)
            }
            guard !steps.isEmpty else {
                throw CommandFailure.usage(
                    Messages.pick("--actions names no action.", "--actions nennt keine Aktion."))
            }
            let folder = try resolveLocations(dataDirectory: nil).userProfilesDirectory
            let path = folder + "/" + name + ".json"
            if !force && FileManager.default.fileExists(atPath: path) {
                throw CommandFailure.usage(
                    Messages.pick(
                        "\(path) exists; use --force to replace it, or another --name.",
                        "\(path) gibt es schon; ersetze es mit --force, oder nimm einen anderen --name."))
            }
            let spec = try input.spec()
            if spec == .keyboard {
                throw CommandFailure.usage(
                    Messages.pick(
                        "peach learn needs MIDI input, not --midi-in keyboard.",
                        "peach learn braucht MIDI-Eingabe, nicht --midi-in keyboard."))
            }
            let controller = try ControllerInput(spec: spec, profile: .builtInDefault, useKeyboard: false)
            try controller.start()
            defer { controller.stop() }
            var learn = MIDILearn(steps: steps)
            var sourceName: String?
            Terminal.emit(
                Messages.pick(
                    "Learning '\(name)' from \(spec). Ctrl-C stops without writing.",
                    "Lerne '\(name)' von \(spec). Strg-C beendet, ohne zu schreiben."))
            Terminal.emit(Texts.current.prompt(steps[0]))
            while !learn.isComplete, let item = controller.inbox.next() {
                switch item {
                case .midi(.event(let event)):
                    let outcome = learn.handle(event.message)
                    switch outcome {
                    case .learned(let step):
                        if sourceName == nil, let address = event.source {
                            sourceName = try? controller.sequencer?.ports().first { $0.address == address }?
                                .clientName
                        }
                        Terminal.emit("  \(step): \(MIDIText.summary(event.message))")
                        if let next = learn.currentStep { Terminal.emit(Texts.current.prompt(next)) }
                    case .alreadyUsed(let owner):
                        Terminal.emit(
                            Messages.pick(
                                "  that control is already used for \(owner); use another one.",
                                "  dieses Bedienelement ist schon für \(owner) vergeben; nimm ein anderes."))
                    case .ignored, .listening:
                        break
                    }
                case .midi(.connected(let port)):
                    Terminal.emit("  (" + Messages.pick("connected ", "verbunden: ") + port.label + ")")
                case .midi(.disconnected(let port)):
                    Terminal.emit("  (" + port.label + Messages.pick(" went away)", " ist weg)"))
                case .midi(.ended):
                    throw CommandFailure(
                        message: Messages.pick(
                            "the input ended before every action was learned (\(steps.count - remaining(learn)) of "
                                + "\(steps.count)); nothing was written.",
                            "die Eingabe endete, bevor jede Aktion gelernt war (\(steps.count - remaining(learn)) von "
                                + "\(steps.count)); nichts wurde geschrieben."), status: 1)
                case .midi(.failed(let error)): throw error
                case .keys: break
                case .signal(let number):
                    FileHandle.standardError.write(
                        Data(
                            ("peach: "
                                + Messages.pick(
                                    "learn stopped; nothing was written.",
                                    "Lernen beendet; nichts wurde geschrieben.")
                                + "\n").utf8))
                    controller.stop()
                    throw ExitCode(SignalTrap.exitStatus(for: number))
                }
            }
            let fits = devices.isEmpty ? (sourceName.map { [$0] } ?? []) : devices
            let profile = learn.profile(
                name: name, description: "Learned with 'peach learn' from \(sourceName ?? spec.description).",
                devices: fits)
            try FileSystem.createDirectory(folder)
            try FileSystem.writeAtomically(Array(profile.jsonText.utf8), to: path, directory: folder)
            _ = try ProfileLibrary.load(path: path, name: name)  // what was written reads back
            Terminal.emit(Messages.pick("Wrote \(path).", "\(path) geschrieben."))
            Terminal.emit(
                Messages.pick(
                    "Use it with --profile \(name), or for good: peach settings set controllerProfile \(name)",
                    "Nimm es mit --profile \(name), oder dauerhaft: peach settings set controllerProfile \(name)"
                ))
        }
    }

    private func remaining(_ learn: MIDILearn) -> Int {
        guard let current = learn.currentStep, let index = learn.steps.firstIndex(of: current) else {
            return 0
        }
        return learn.steps.count - index
    }
}
