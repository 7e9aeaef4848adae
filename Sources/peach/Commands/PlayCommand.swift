// PlayCommand: `peach play`: play-back training, answered on the keys (notes, intervals, chords).

import ArgumentParser
import PeachCore
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

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.chordWindow), valueName: "ms"))
    var chordWindow: Double = PlayBackOptions.defaultChordWindow * 1000

    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup var live: RunOptions

    /// The options the flags make.
    /// - Throws: ``CommandError/invalidPlayBackItems(_:kind:)`` or ``CommandError/invalidChordWindow(_:)``.
    func playBackOptions() throws(CommandError) -> PlayBackOptions {
        guard PlayBackOptions.chordWindows.contains(chordWindow / 1000) else {
            throw .invalidChordWindow(chordWindow)
        }
        var chosen: [PlayBackItem]?
        if let items {
            var list: [PlayBackItem] = []
            for id in items.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let item = PlayBackItem(id: id), item.kind == kind else {
                    throw .invalidPlayBackItems(id, kind: kind)
                }
                if !list.contains(item) { list.append(item) }
            }
            guard !list.isEmpty else { throw .invalidPlayBackItems(items, kind: kind) }
            chosen = list
        }
        return PlayBackOptions(
            kind: kind, items: chosen, anyOctave: anyOctave, anyVoicing: anyVoicing,
            namesReference: !hideReference,
            chordWindow: chordWindow / 1000)
    }

    func validate() throws { _ = try playBackOptions() }

    @MainActor
    func run() async throws {
        try await live.launch(
            TrainingMode(playBack: kind), playBack: try playBackOptions(), overrides: overrides.apply)
    }
}

extension PlayBackKind: ExpressibleByArgument {
    /// `notes`, `intervals`, `chords`.
    public init?(argument: String) { self.init(rawValue: argument) }
}
