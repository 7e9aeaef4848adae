// MonitorRun: `peach monitor`: prints every incoming event and what the active profile makes of it.

import PeachMIDI
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// `peach monitor` below the command line: reads an opened controller input until it ends, printing each MIDI
/// event (and terminal key) with the actions the profile makes of it, one line each (JSON Lines with `json`).
public enum MonitorRun {
    /// Runs over `input` (opened for `profile`; `spec` names it when it is not the keyboard alone).
    /// - Returns: the exit status of a signal that stopped it, or nil when the input ended or `q` was typed.
    /// - Throws: the source's error when it cannot be opened or fails.
    public static func run(
        input: ControllerInput, spec: String?, profile: ControllerProfile, settings: PeachSettings,
        json: Bool,
        texts: Texts
    ) throws -> Int32? {
        var mapper = ControllerMapper(profile: profile, longPressThreshold: settings.longPress)
        try input.start()  // first: a source that cannot be opened is the only line printed
        defer { input.stop() }
        if !json {
            Terminal.emit(texts.listening(to: input.source == nil ? nil : spec, profile: profile.name))
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
                return nil
            case .midi(.failed(let error)):
                throw error
            case .keys(let keys):
                // A piano letter (PianoKey) means something in play-back only.
                for key in keys where !key.actions.isEmpty {
                    Terminal.emit(format.line(key, time: MonotonicTime.now() - start))
                    if key.actions.contains(.press(.stop, input: .keyboard)) { return nil }
                }
            case .signal(let number):
                input.stop()
                return TrainingEnding.exitStatus(forSignal: number)
            }
        }
        return nil
    }
}
