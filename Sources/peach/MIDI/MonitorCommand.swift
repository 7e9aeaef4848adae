// MonitorCommand: `peach monitor`: every incoming event and what the active profile makes of it.

import ArgumentParser
import Foundation
import PeachMIDI

/// `peach monitor`: prints each incoming MIDI event (and terminal key) with the actions the active profile
/// makes of it, one line per event; `--json` prints JSON Lines for machines.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: Messages.pick(
            "Show incoming MIDI events and the actions the controller profile makes of them.",
            "Zeigt eingehende MIDI-Ereignisse und was das Controller-Profil daraus macht."),
        discussion: """
            One line per event: time (seconds since start), source port, message, and '->' the actions. \
            Controllers that connect or go away are shown as they do. Ctrl-C (or q at the terminal) stops; \
            with --midi-in rawmidi:FILE it stops at the end of the file.
            Examples:
              peach monitor                                # every hardware controller, the active profile
              peach monitor --profile two-footswitches --json
              peach monitor --midi-in rawmidi:/dev/snd/midiC1D0
            """)

    @OptionGroup var input: MIDIInputOptions
    @OptionGroup var profileOptions: ProfileOptions

    @Flag(name: .long, help: "Print JSON Lines instead of text.")
    var json = false

    func run() throws {
        try reportingFailures {
            let settings = try loadSettings()
            let profile = try profileOptions.resolveProfile(settings: settings)
            let spec = try input.spec()
            let controller = try ControllerInput(
                spec: spec, profile: profile, useKeyboard: true, keyboardStandsIn: !input.isExplicit)
            var mapper = ControllerMapper(profile: profile, longPressThreshold: settings.longPress)
            try controller.start()  // first: a source that cannot be opened is the only line printed
            defer { controller.stop() }
            if !json {
                let what =
                    controller.source == nil
                    ? Messages.pick("the computer keyboard", "die Computertastatur") : spec.description
                Terminal.emit(
                    Messages.pick(
                        "Listening to \(what) with the '\(profile.name)' profile. Ctrl-C stops.",
                        "Höre auf \(what) mit dem Profil '\(profile.name)'. Strg-C beendet."))
            }
            let start = MonotonicTime.now()
            if case .sequencer = spec, let source = controller.source as? SequencerMIDISource,
                source.connectedPorts.isEmpty,
                !json
            {
                Terminal.emit(
                    Messages.pick(
                        "No controller connected yet: plug one in, or connect a port to Peach's input with aconnect.",
                        "Noch kein Controller verbunden: schließe einen an, oder verbinde einen Port mit aconnect."
                    )
                )
            }
            while let item = controller.inbox.next() {
                switch item {
                case .midi(.event(let event)):
                    let actions = mapper.actions(for: event)
                    show(event: event, actions: actions, time: event.time - start)
                case .midi(.connected(let port)):
                    Terminal.emit(
                        json
                            ? MIDIText.line(["event": "connected"].merging(MIDIText.json(port)) { a, _ in a })
                            : "connected     \(port.label)")
                case .midi(.disconnected(let port)):
                    Terminal.emit(
                        json
                            ? MIDIText.line(
                                ["event": "disconnected"].merging(MIDIText.json(port)) { a, _ in a })
                            : "disconnected  \(port.label)")
                case .midi(.ended):
                    if json { Terminal.emit(MIDIText.line(["event": "ended"])) }
                    return
                case .midi(.failed(let error)):
                    throw error
                case .keys(let keys):
                    for key in keys {
                        show(key: key, time: MonotonicTime.now() - start)
                        if key.actions.contains(.press(.stop, input: .keyboard)) { return }
                    }
                case .signal(let number):
                    controller.stop()
                    throw ExitCode(SignalTrap.exitStatus(for: number))
                }
            }
        }
    }

    private func show(event: MIDIEvent, actions: [ControllerAction], time: Double) {
        let source = event.source?.description ?? "raw"
        if json {
            var object: [String: Any] = [
                "time": (time * 1000).rounded() / 1000, "source": source,
                "message": MIDIText.json(event.message),
                "actions": actions.map(MIDIText.json),
            ]
            if case .systemExclusive = event.message { object["bytes"] = event.message.bytes.count }
            Terminal.emit(MIDIText.line(object))
        } else {
            let arrow = actions.isEmpty ? "" : "  -> " + actions.map(MIDIText.summary).joined(separator: ", ")
            let padded = source.count >= 7 ? source : source + String(repeating: " ", count: 7 - source.count)
            Terminal.emit(
                String(format: "%8.3f  ", time) + padded + " " + MIDIText.summary(event.message) + arrow)
        }
    }

    private func show(key: KeyboardKey, time: Double) {
        if json {
            Terminal.emit(
                MIDIText.line([
                    "time": (time * 1000).rounded() / 1000, "source": "keyboard", "key": key.name,
                    "actions": key.actions.map(MIDIText.json),
                ]))
        } else {
            let arrow = "  -> " + key.actions.map(MIDIText.summary).joined(separator: ", ")
            Terminal.emit(String(format: "%8.3f  ", time) + "keyboard key \(key.name)" + arrow)
        }
    }
}
