// MonitorCommand: `peach monitor`: every incoming event and what the active profile makes of it.

import ArgumentParser
import Foundation
import PeachLive
import PeachMIDI
import PeachSystem
import PeachText
import PeachTraining

/// `peach monitor`: prints each incoming MIDI event (and terminal key) with the actions the active profile
/// makes of it, one line per event; `--json` prints JSON Lines for machines.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor", abstract: CLI.texts.help(.monitorAbstract),
        discussion: CLI.texts.help(.monitorDiscussion))

    @OptionGroup var controller: ControllerOptions
    @OptionGroup var profileOptions: ProfileOptions

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.monitorJSON)))
    var json = false

    func run() throws {
        let texts = CLI.texts
        let settings = try CLI.loadSettings()
        let profile = try profileOptions.resolve(settings: settings)
        let input = try controller.open(profile: profile, useKeyboard: true)
        var mapper = ControllerMapper(profile: profile, longPressThreshold: settings.longPress)
        try input.start()  // first: a source that cannot be opened is the only line printed
        defer { input.stop() }
        if !json {
            Terminal.emit(
                texts.listening(
                    to: input.source == nil ? nil : controller.spec.description, profile: profile.name))
            if input.waitsForController { Terminal.emit(texts.noControllerForMonitor) }
        }
        let start = MonotonicTime.now()
        let format = MonitorFormat(texts: texts, json: json)
        while let item = input.inbox.next() {
            switch item {
            case .midi(.event(let event)):
                Terminal.emit(
                    format.line(event, actions: mapper.actions(for: event), time: event.time - start))
            case .midi(.connected(let port)):
                Terminal.emit(format.line(port: port, connected: true))
            case .midi(.disconnected(let port)):
                Terminal.emit(format.line(port: port, connected: false))
            case .midi(.ended):
                if let ended = format.ended { Terminal.emit(ended) }
                return
            case .midi(.failed(let error)):
                throw error
            case .keys(let keys):
                for key in keys {
                    Terminal.emit(format.line(key, time: MonotonicTime.now() - start))
                    if key.actions.contains(.press(.stop, input: .keyboard)) { return }
                }
            case .signal(let number):
                input.stop()
                throw ExitCode(TrainingEnding.exitStatus(forSignal: number))
            }
        }
    }
}
