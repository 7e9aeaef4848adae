// TrainCommand: `peach train` and `peach match`: live training with a controller, the synth and the store.

import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach train`: pitch-discrimination training until you stop.
struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: Messages.pick(
            "Pitch discrimination: two notes, answer higher or lower.",
            "Tonhöhen unterscheiden: zwei Töne, antworte höher oder tiefer."),
        discussion: """
            Two notes play; answer whether the second was higher or lower, with your controller (default profile: \
            keys from C4 up Higher, below Lower) or the arrow keys. The difference adapts to you. Stop with your \
            controller's stop control, q, or Ctrl-C; every answer is already saved.
            Examples:
              peach train
              peach train --range C3-C5 --note-duration 0.5 --timbre piano
              peach train --profile two-footswitches --output midi
              peach train --midi-in rawmidi:/tmp/controller.fifo --audio-out wav:session.wav --events -
            """)

    @OptionGroup var options: TrainingOptions

    @MainActor
    func run() async throws {
        try await TrainingLauncher(options: options, mode: .comparison).launch()
    }
}

/// `peach match`: pitch-matching training until you stop.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: Messages.pick(
            "Pitch matching: tune a note to the reference, then commit.",
            "Tonhöhenübung: stimme einen Ton auf die Referenz, dann bestätige."),
        discussion: """
            A reference note plays, then a detuned note: tune it with the pitch-bend wheel, a fader or an encoder \
            (or the arrow keys) until it matches, then commit (default profile: the sustain pedal; Enter). \
            Nothing is shown while you tune; the signed error comes after.
            Examples:
              peach match
              peach match --profile pitch-bend-matching      # let go of the wheel to commit
              peach match --range C3-C5 --output midi:FLUID
            """)

    @OptionGroup var options: TrainingOptions

    @MainActor
    func run() async throws {
        try await TrainingLauncher(options: options, mode: .pitchMatching).launch()
    }
}

/// Opens everything a session needs, in an order that fails early and cleans up on every path.
@MainActor
struct TrainingLauncher {
    let options: TrainingOptions
    let mode: TrainingMode

    func launch() async throws {
        var status: Int32 = 0
        try await reportingFailures {
            let texts = Texts.current
            let locations = try options.location.locations()
            let file = SettingsFile(path: locations.settingsFile)
            let loaded = try file.load().settings
            let initial = try options.apply(to: loaded.training)
            let profile = try options.profileOptions.resolveProfile(settings: loaded)
            let spec = try options.input.spec()
            let events = try options.events.map { try EventStream(path: $0) }
            let store = try JournalStore(directory: locations.dataDirectory)
            let screen = TrainingScreen(texts: texts)
            let watcher = SettingsWatcher(file: file, initial: loaded) { error in
                screen.line("peach: \(Messages.describe(error)) Keeping the last good settings.")
            }
            let options = self.options
            let settings: @MainActor () -> TrainingSettings = {
                (try? options.apply(to: watcher.current.training)) ?? initial
            }
            let (items, continuation) = AsyncStream<TrainingItem>.makeStream()
            let sound = try TrainingSound(
                audio: options.audio, midiOutput: options.midiOutput, settings: loaded, timbre: initial.timbre
            ) { error in continuation.yield(.soundLost(Messages.failure(for: error).message)) }
            let input: ControllerInput
            do {
                input = try ControllerInput(
                    spec: spec, profile: profile, useKeyboard: true,
                    keyboardStandsIn: !options.input.isExplicit)
                try input.start { continuation.yield(.input($0)) }
            } catch {
                sound.shutdown()
                throw error
            }
            let run = TrainingRun(
                mode: mode, settings: settings, peachSettings: loaded, profile: profile, input: input,
                sound: sound,
                store: store, events: events, screen: screen, texts: texts)
            status = await run.run(items: items, continuation: continuation)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
