// ProfileCommand: `peach profile`: the perceptual profile as a chart, summary, matching accuracy and timeline.

import ArgumentParser
import PeachCore
import PeachLive
import PeachText
import PeachTraining

/// `peach profile`: the chart over the keyboard, the summary, pitch matching and progress by day; `--svg`
/// writes the chart as SVG, `--json` prints the numbers.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "profile", abstract: .profileAbstract, discussion: .profileDiscussion)

    @OptionGroup var data: DataOptions

    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.chartRange, current: CLI.setting(.noteRange)), valueName: "range"))
    var range: NoteRange?

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.svg), valueName: "file"))
    var svg: String?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.json)))
    var json = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.progress)))
    var progress = false

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.days)))
    var days = 14

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.confusions), valueName: "kind"))
    var confusions: PlayBackKind?

    func validate() throws {
        guard (1...365).contains(days) else {
            throw CommandError.option(
                .outOfRange(key: "--days", value: "\(days)", allowed: .wholeNumber(1...365)))
        }
    }

    func run() throws {
        if let svg { try CLI.checkOutput(svg, dataDirectory: data.dataDir) }
        try ProfileView.show(
            ProfileView.Request(
                range: range, svg: svg, json: json, progress: progress, days: days, confusions: confusions),
            at: try data.existingLocations(), texts: CLI.texts)
    }
}
