// PlayCommand: `peach play`: play-back training, answered on the keys (notes, intervals, chords, degrees).

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// `peach play`: hear a note, interval, chord or scale degree, then play it on the keys.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "play", abstract: .playAbstract, discussion: .playDiscussion)

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.playKind), valueName: "kind"))
    var kind: PlayBackKind = .intervals

    @Option(
        name: .long, help: ArgumentHelp(CLI.texts.help(.playItems), valueName: "items"),
        completion: Completions.playBackItems)
    var items: String?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.anyOctave)))
    var anyOctave = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.anyVoicing)))
    var anyVoicing = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.hideReference)))
    var hideReference = false

    @Option(name: .setting(.chordWindow), help: CLI.help(.chordWindow, valueName: "ms"))
    var chordWindow: Double?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.placement)))
    var placement = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.inTempo)))
    var inTempo = false

    @Option(name: .setting(.tempo), help: CLI.help(.tempo, valueName: "bpm"))
    var tempo: Int?

    @Option(name: .setting(.cadenceEvery), help: CLI.help(.cadenceEvery, valueName: "n"))
    var cadenceEvery: Int?

    @Option(
        name: .setting(.degreeKey), help: CLI.help(.degreeKey, valueName: "key"),
        completion: Completions.degreeKeys)
    var key: String?

    @Option(name: .setting(.degreeNames), help: CLI.help(.degreeNames, valueName: "names"))
    var degreeNames: String?

    @Option(name: .setting(.degreeContext), help: CLI.help(.degreeContext, valueName: "context"))
    var degreeContext: String?

    @Option(name: .setting(.degreeNotes), help: CLI.help(.degreeNotes, valueName: "n"))
    var degreeNotes: Int?

    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SoundOverrides
    @OptionGroup var live: RunOptions

    /// The options the flags make (the chord window is a setting: ``chordWindowOverride``).
    /// - Throws: ``CommandError/invalidPlayBackItems(_:kind:)``.
    func playBackOptions() throws(CommandError) -> PlayBackOptions {
        var chosen: [PlayBackItem]?
        if let items {
            switch PlayBackItem.list(parsing: items, kind: kind) {
            case .success(let list): chosen = list
            case .failure(let invalid): throw .invalidPlayBackItems(invalid.entry, kind: kind)
            }
        }
        if placement, chosen != nil { throw .placementWithItems }
        if inTempo, kind != .melodies { throw .inTempoNeedsMelodies }
        // The tempo is the click's, and only a melody in tempo has one: with `--in-tempo`, or with the
        // melodyInTempo setting on (``checkTempo(in:)``, once the settings are read).
        if tempo != nil, !inTempo, kind != .melodies { throw .tempoNeedsInTempo }
        // The judging flags act for the kinds they judge (a degree is right in any octave already).
        let judging: [(option: String, given: Bool, kinds: [PlayBackKind])] = [
            ("--any-octave", anyOctave, [.notes, .intervals, .melodies]),
            ("--any-voicing", anyVoicing, [.chords]),
        ]
        for (option, given, kinds) in judging where given && !kinds.contains(kind) {
            throw .optionNeeds(kind: kind, option: option, kinds: kinds)
        }
        // The key and the degrees' options do nothing for the other kinds (``TrainingMode/uses(_:)``): said, not
        // silently taken.
        for (setting, text) in own where text != nil && !TrainingMode.playBack(kind).uses(setting) {
            let kinds = PlayBackKind.allCases.filter { TrainingMode.playBack($0).uses(setting) }
            throw .optionNeeds(kind: kind, option: setting.option, kinds: kinds)
        }
        var options = PlayBackOptions(
            kind: kind, items: chosen, anyOctave: anyOctave, anyVoicing: anyVoicing,
            namesReference: !hideReference)
        options.placement = placement
        options.inTempo = inTempo
        return options
    }

    /// `--chord-window`, `--cadence-every`, `--key`, `--degree-names`, `--degree-context`, `--degree-notes` and
    /// `--tempo` as setting overrides.
    private var own: [(key: SettingKey, text: String?)] {
        [
            (.chordWindow, chordWindow.map(CLI.texts.shortest)),
            (.cadenceEvery, cadenceEvery.map(String.init)),
            (.degreeKey, key.map { CLI.texts.storedValue($0, of: .degreeKey) }), (.degreeNames, degreeNames),
            (.degreeContext, degreeContext),
            (.degreeNotes, degreeNotes.map(String.init)),
            (.tempo, tempo.map(String.init)),
        ]
    }

    /// `--tempo` for a melody played freely (neither `--in-tempo` nor the melodyInTempo setting on in `settings`):
    /// nothing would click.
    /// - Throws: ``CommandError/tempoNeedsInTempo``.
    func checkTempo(in settings: PeachSettings) throws(CommandError) {
        guard tempo != nil, !settings.playBack(try playBackOptions(), kind: kind).inTempo else { return }
        throw .tempoNeedsInTempo
    }

    func validate() throws {
        _ = try playBackOptions()
        _ = try OptionOverrides.apply(own, to: PeachSettings.defaults)
    }

    @MainActor
    func run() async throws {
        let own = self.own
        let overrides = self.overrides
        if tempo != nil, !inTempo {
            try checkTempo(in: try SettingsFile(path: try live.data.locations().settingsFile).load().settings)
        }
        try await live.launch(TrainingMode.playBack(kind), playBack: try playBackOptions()) {
            try OptionOverrides.apply(own, to: try overrides.apply(to: $0))
        }
    }
}

extension CommandError {
    /// ``optionNeeds(option:choice:values:given:)`` for `peach play`'s `--kind`.
    fileprivate static func optionNeeds(kind: PlayBackKind, option: String, kinds: [PlayBackKind]) -> Self {
        .optionNeeds(option: option, choice: "--kind", values: kinds.map(\.rawValue), given: kind.rawValue)
    }
}

extension PlayBackKind: ExpressibleByArgument {
    /// `notes`, `intervals`, `chords`, `degrees`.
    public init?(argument: String) { self.init(rawValue: argument) }
}
