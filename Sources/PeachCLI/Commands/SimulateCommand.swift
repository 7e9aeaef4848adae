// SimulateCommand: `peach simulate`: a real training session answered by a simulated listener.

import ArgumentParser
import Logging
import PeachCore
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// `peach simulate`: runs the real session, strategy and profile answered by a ``SimulatedListener`` in
/// virtual time. Nothing sounds; nothing is stored unless `--save`.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "simulate", abstract: .simulateAbstract, discussion: .simulateDiscussion)

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.mode)))
    var mode: SimulationMode = .comparison

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.trials)))
    var trials = 100

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.threshold)))
    var threshold = Self.listener.threshold

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.lapse)))
    var lapse = Self.listener.lapseRate

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.slope)))
    var slope = Self.listener.slope

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.shape)))
    var shape = Self.listener.shape

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(CLI.texts.help(.bias)))
    var bias = Cents(Self.listener.matchingBias)

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.spread)))
    var spread = Self.listener.matchingSpread

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(CLI.texts.help(.drift)))
    var drift = Self.listener.silentDrift

    @OptionGroup var loopShape: LoopShapeOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.seed)))
    var seed: UInt64?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.quiet)))
    var quiet = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.save)))
    var save = false

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.accuracy)))
    var accuracy = Self.defaultAccuracy

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.confuse), valueName: "pairs"))
    var confuse: String?

    @Option(
        name: .long, help: ArgumentHelp(CLI.texts.help(.playItems), valueName: "items"),
        completion: Completions.playBackItems)
    var items: String?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.placement)))
    var placement = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.inTempo)))
    var inTempo = false

    @Option(name: .setting(.degreeNotes), help: CLI.help(.degreeNotes, valueName: "n"))
    var degreeNotes: Int?

    @Option(
        name: .setting(.degreeKey), help: CLI.help(.degreeKey, valueName: "key"),
        completion: Completions.degreeKeys)
    var key: String?

    @OptionGroup var tempo: TempoOption

    @Option(
        name: .setting(.timingPatterns), help: CLI.help(.timingPatterns, valueName: "list"),
        completion: Completions.timingPatterns)
    var patterns: String?

    @OptionGroup var data: DataOptions
    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides

    func validate() throws {
        try CommandError.checkRanges(
            [
                ("--trials", Double(trials), 1...1_000_000, .wholeNumber(1...1_000_000)),
                ("--threshold", threshold, 0.1...100, .number(0.1...100, .cents)),
                ("--lapse", lapse, 0...0.4, .number(0...0.4, .amount)),
                ("--slope", slope, 0.5...10, .number(0.5...10, .amount)),
                ("--bias", bias.rawValue, -100...100, .number(-100...100, .cents)),
                ("--spread", spread, 0...100, .number(0...100, .cents)),
                ("--drift", drift, -50...50, .number(-50...50, .milliseconds)),
            ], number: CLI.texts.shortest)
        _ = try OptionOverrides.apply(settingOverrides, to: PeachSettings.defaults)
        try CommandError.checkRanges(
            [("--accuracy", accuracy, 0...1, .number(0...1, .amount))], number: CLI.texts.shortest)
        _ = try player()
        _ = try playBack()
        // Melodies' in-tempo options without --in-tempo: said so, rather than that melodies never take them.
        if mode == .playBack(.melodies), !inTempo {
            let timed = [
                ("--bias", bias.rawValue != Self.listener.matchingBias),
                ("--spread", spread != Self.listener.matchingSpread),
                (SettingKey.tempo.option, tempo.value.text != nil),
            ]
            if let (option, _) = timed.first(where: \.1) { throw CommandError.needsInTempo(option: option) }
        }
        for (option, modes, given) in modeOptions where given && !modes.contains(mode) {
            throw CommandError.optionNeeds(
                option: option, choice: "--mode", values: modes.map(\.rawValue), given: mode.rawValue)
        }
    }

    /// The model listener's parameters unless told: the defaults of `--threshold` and the rest.
    private static let listener = SimulatedListener.Parameters()
    /// The model player's accuracy unless told (`--accuracy`).
    private static let defaultAccuracy = 0.9

    /// Each option that acts in some modes only, with those modes and whether it was given: set to other than its
    /// default (the default given changes nothing in any mode, so it passes). `peach simulate --mode matching
    /// --threshold 5` ran a matching session that never asked the threshold; now it is refused, as `peach play`
    /// refuses `--key` with intervals.
    private var modeOptions: [(option: String, modes: [SimulationMode], given: Bool)] {
        // Answered by a psychometric function; struck or tuned with an error drawn around a bias.
        let judged: [SimulationMode] = [.comparison, .measurement, .timing]
        // Melodies in tempo are struck against the clicks too, each note with the bias and the spread in ms.
        let struck: [SimulationMode] = [.matching, .tap, .echo] + (inTempo ? [.playBack(.melodies)] : [])
        let playBack = SimulationMode.allCases.filter { $0.playBackKind != nil }
        let defaults = Self.listener
        let own: [(option: String, modes: [SimulationMode], given: Bool)] = [
            ("--threshold", judged, threshold != defaults.threshold),
            ("--slope", judged, slope != defaults.slope), ("--shape", judged, shape != defaults.shape),
            ("--lapse", judged + [.tap, .echo], lapse != defaults.lapseRate),
            ("--bias", struck, bias.rawValue != defaults.matchingBias),
            ("--spread", struck, spread != defaults.matchingSpread),
            ("--drift", [.tap], drift != defaults.silentDrift),
            ("--accuracy", playBack, accuracy != Self.defaultAccuracy),
            ("--confuse", playBack, confuse != nil), ("--items", playBack, items != nil),
            ("--placement", playBack, placement), ("--in-tempo", [.playBack(.melodies)], inTempo),
        ]
        // The settings given as options: this command's own and the training settings' group.
        let settings =
            settingOverrides.map { (key: $0.key, given: $0.text != nil) }
            + overrides.values.map { (key: $0.key, given: $0.value != nil) }
        return own
            + settings.map {
                (
                    $0.key.option,
                    Self.modes(of: $0.key) + ($0.key == .tempo && inTempo ? [.playBack(.melodies)] : []),
                    $0.given
                )
            }
    }

    /// The modes a setting this command takes as an option acts in (``settingOverrides`` and ``overrides``): those
    /// whose runs read it (``TrainingMode/uses(_:)``), less what a simulation leaves out. It sounds nothing, so the
    /// reference pitch and the timbre reach only the pitch modes' report and records (play-back stores neither),
    /// and the tempo is timing's (and melodies' with `--in-tempo`: ``modeOptions``).
    private static func modes(of setting: SettingKey) -> [SimulationMode] {
        SimulationMode.allCases.filter { mode in
            let training = mode.trainingMode
            switch setting {
            case .referencePitch, .timbre: return training.family == .pitch
            case .tempo: return training.isTiming
            default: return training.uses(setting)
            }
        }
    }

    /// The model player: `--accuracy` for every item, 40 % and the other item for each `--confuse` pair; with
    /// `--in-tempo`, each note struck `--bias` ms from its place with a spread of `--spread` ms. Each side of a
    /// pair is read as `--items` reads an item (``PlayBackItem/list(parsing:kind:)``).
    /// - Throws: ``CommandError/invalidConfusion(_:kind:)`` for a pair that is not two items of the kind.
    func player() throws(CommandError) -> SimulatedPlayer {
        var player = SimulatedPlayer(defaultAccuracy: accuracy)
        if inTempo {
            player.timingBias = bias.rawValue / 1000
            player.timingSpread = spread / 1000
        }
        guard let confuse, let kind = mode.playBackKind else { return player }
        for pair in confuse.split(separator: ",") {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map {
                PlayBackItem.list(parsing: String($0), kind: kind)
            }
            guard parts.count == 2, case .success(let askedList) = parts[0],
                case .success(let heardList) = parts[1],
                askedList.count == 1, heardList.count == 1
            else { throw .invalidConfusion(String(pair), kind: kind) }
            let (asked, heard) = (askedList[0], heardList[0])
            player.accuracy[asked] = 0.4
            player.confusions[asked] = heard
        }
        return player
    }

    /// The play-back options: `--items` of the mode's kind, if given (the rest, as for `peach play`, from the
    /// settings with this command's own flags over them: ``settingOverrides``).
    func playBack() throws(CommandError) -> PlayBackOptions? {
        guard let kind = mode.playBackKind else { return nil }
        var options = PlayBackOptions(kind: kind)
        options.placement = placement
        options.inTempo = inTempo && kind == .melodies
        guard let items else { return options }
        if placement { throw .placementWithItems }
        switch PlayBackItem.list(parsing: items, kind: kind) {
        case .success(let list): options.items = list
        case .failure(let invalid): throw .invalidPlayBackItems(invalid.entry, kind: kind)
        }
        return options
    }

    /// The flags that stand for settings (timing's, `--degree-notes`, `--key`), over the settings file's values.
    private var settingOverrides: [(key: SettingKey, text: String?)] {
        [
            tempo.value, (.timingPatterns, patterns), (.degreeNotes, degreeNotes.map(String.init)),
            (.degreeKey, key.map { CLI.texts.storedValue($0, of: .degreeKey) }),
        ]
            + loopShape.values
    }

    func run() throws {
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        Logger(label: "peach.simulate").debug("simulation", metadata: ["seed": "\(seed)", "mode": "\(mode)"])
        let listener = SimulatedListener.Parameters(
            threshold: threshold, slope: slope, lapseRate: lapse, shape: shape, matchingBias: bias.rawValue,
            matchingSpread: spread, silentDrift: drift)
        let (player, playBack) = (try player(), try playBack())
        let stored = try MainActor.assumeIsolated {
            try SimulationLauncher.run(
                mode, listener: listener, trials: trials, seed: seed, at: try data.locations(),
                training: overrides.apply, overrides: settingOverrides, save: save, verbose: !quiet,
                texts: CLI.texts,
                player: player, playBack: playBack)
        }
        guard stored else { throw ExitCode(1) }
    }
}
