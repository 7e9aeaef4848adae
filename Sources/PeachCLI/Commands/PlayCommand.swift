// PlayCommand: `peach play`: play-back training, answered on the keys (notes, intervals, chords).

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// `peach play`: hear a note, interval or chord, then play it on the keys.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: CLI.texts.help(.playAbstract),
        discussion: CLI.texts.help(.playDiscussion))

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
        var options = PlayBackOptions(
            kind: kind, items: chosen, anyOctave: anyOctave, anyVoicing: anyVoicing,
            namesReference: !hideReference)
        options.placement = placement
        return options
    }

    /// `--chord-window` as a setting override.
    private var own: (key: SettingKey, text: String?) { (.chordWindow, chordWindow.map(CLI.texts.shortest)) }

    func validate() throws {
        _ = try playBackOptions()
        _ = try OptionOverrides.apply([own], to: PeachSettings.defaults)
    }

    @MainActor
    func run() async throws {
        let own = self.own
        let overrides = self.overrides
        try await live.launch(TrainingMode(playBack: kind), playBack: try playBackOptions()) {
            try OptionOverrides.apply([own], to: try overrides.apply(to: $0))
        }
    }
}

extension PlayBackKind: ExpressibleByArgument {
    /// `notes`, `intervals`, `chords`.
    public init?(argument: String) { self.init(rawValue: argument) }
}
