// TrainCommand: `peach train` and `peach match`: wires the live ports to a TrainingRun and runs it.

import ArgumentParser
import Foundation
import PeachCore
import PeachStore
import PeachTraining

/// `peach train`: pitch-discrimination training until you stop.
struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train", abstract: CLI.texts.help(.trainAbstract),
        discussion: CLI.texts.help(.trainDiscussion))

    @OptionGroup var options: TrainingOptions

    @MainActor
    func run() async throws {
        try await TrainingLauncher(options: options, mode: .comparison).launch()
    }
}

/// `peach match`: pitch-matching training until you stop.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match", abstract: CLI.texts.help(.matchAbstract),
        discussion: CLI.texts.help(.matchDiscussion))

    @OptionGroup var options: TrainingOptions

    @MainActor
    func run() async throws {
        try await TrainingLauncher(options: options, mode: .pitchMatching).launch()
    }
}

/// `peach measure`: a threshold measurement placed by the Psi procedure, until precise or at its trial count.
struct MeasureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure", abstract: CLI.texts.help(.measureAbstract),
        discussion: CLI.texts.help(.measureDiscussion))

    @OptionGroup var options: TrainingOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.measureTrials)))
    var trials = 80

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.measurePrecision)))
    var precision = 0.15

    private var request: MeasurementRequest { MeasurementRequest(trials: trials, precision: precision) }

    func validate() throws { _ = try request.procedure(texts: CLI.texts) }

    @MainActor
    func run() async throws {
        let procedure = try request.procedure(texts: CLI.texts)
        try await TrainingLauncher(options: options, mode: .measurement, measurement: procedure).launch()
    }
}

/// Opens the live ports a run needs, in an order that fails early and cleans up on every path, then runs it.
@MainActor
private struct TrainingLauncher {
    let options: TrainingOptions
    let mode: TrainingMode
    var measurement = PsiProcedure()

    /// A place for the settings watcher to find the run it reports to.
    private final class RunBox {
        weak var run: TrainingRun?
    }

    func launch() async throws {
        let locations = try options.data.locations()
        let file = SettingsFile(path: locations.settingsFile)
        let loaded = try file.load().settings
        let overrides = options.overrides
        let initial = try overrides.apply(to: loaded)
        let profile = try options.profile.resolve(settings: loaded)
        for path in [
            options.events, options.sound.audio.audioOut?.wavPath, options.sound.midi.output?.rawPath,
        ] {
            if let path { try CLI.checkOutput(path, dataDirectory: options.data.dataDir) }
        }
        let events = try options.events.map(EventStreamPresenter.openFile)
        let store = try JournalStore(directory: locations.dataDirectory)
        var presenters: [any TrainingPresenter] = [
            TerminalScreen(
                texts: CLI.texts, output: TerminalOutput(), isTerminal: Terminal.isTerminal,
                color: Terminal.wantsColor(environment: CLI.environment))
        ]
        // A reader going away (`--events - | head`) ends the run cleanly rather than mid-note.
        let (inputs, continuation) = AsyncStream<TrainingInput>.makeStream()
        Terminal.onBrokenPipe { continuation.yield(.outputClosed) }
        if let events {
            presenters.append(EventStreamPresenter(file: events) { continuation.yield(.outputClosed) })
        }
        let box = RunBox()
        let watcher = SettingsWatcher(file: file, initial: loaded) { box.run?.notify(.settingsProblem($0)) }
        let settings: @MainActor () -> PeachSettings = {
            (try? overrides.apply(to: watcher.current)) ?? initial
        }
        let (sound, soundFontProblem) = try options.sound.open(
            settings: initial, timbre: initial.training.timbre
        ) {
            continuation.yield(.soundLost($0))
        }
        let input: ControllerInput
        do {
            input = try options.controller.open(profile: profile, useKeyboard: true)
            try input.start { continuation.yield(.controller($0)) }
        } catch {
            sound.shutdown()
            throw error
        }
        let run = TrainingRun(
            mode: mode, clock: LiveSessionClock(), sound: sound, store: store,
            storeLocation: store.journalPath,
            history: store.contents, settings: settings, profile: profile, presenters: presenters,
            seed: UInt64.random(in: .min ... .max), measurement: measurement)
        box.run = run
        run.start()
        if let soundFontProblem {
            run.notify(.soundFontProblem(soundFontProblem, timbre: initial.training.timbre))
        }
        if input.waitsForController { run.notify(.noControllerYet) }
        let ending = await run.run(inputs, continuation: continuation, gate: input.gate)
        input.stop()
        if input.gate.droppedCount > 0 { Terminal.emitError(CLI.texts.droppedInput(input.gate.droppedCount)) }
        if ending.exitStatus != 0 { throw ExitCode(ending.exitStatus) }
    }
}
