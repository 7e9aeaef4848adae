// ProfileCommand: `peach profile`: the perceptual profile as a chart, summary, matching accuracy and timeline.

import ArgumentParser
import Foundation
import PeachCore
import PeachLive
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// `peach profile`: the chart over the keyboard, the summary, pitch matching and progress by day; `--svg`
/// writes the chart as SVG, `--json` prints the numbers.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: CLI.texts.help(.profileAbstract),
        discussion: CLI.texts.help(.profileDiscussion))

    @OptionGroup var data: DataOptions

    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.chartRange, current: CLI.setting("noteRange")), valueName: "range")
    )
    var range: NoteRange?

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.svg), valueName: "file"))
    var svg: String?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.json)))
    var json = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.progress)))
    var progress = false

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.days)))
    var days = 14

    func validate() throws {
        guard (1...365).contains(days) else {
            throw CommandError.option(
                .outOfRange(key: "--days", value: "\(days)", allowed: .wholeNumber(1...365)))
        }
    }

    func run() throws {
        let locations = try data.locations()
        let settings = try SettingsFile(path: locations.settingsFile).load().settings
        let contents = try JournalStore.read(directory: locations.dataDirectory)
        let report = ProfileReport(
            contents: contents, range: range ?? settings.training.noteRange, texts: CLI.texts, days: days,
            timeZone: .current)
        if let svg {
            try CLI.checkOutput(svg, dataDirectory: data.dataDir)
            // Opened in place: a FIFO or /dev/stdout stays what it is.
            do {
                let file = try SystemFile(path: svg, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
                try file.writeAll(Array(report.svg(progress: progress).utf8))
            } catch {
                throw CommandError.cannotWrite(error)
            }
        }
        if json {
            Terminal.emit(report.json())
        } else {
            Terminal.show(progress ? report.progressLines() : report.lines(width: Terminal.width))
            if let svg { Terminal.show(CLI.texts.svgWritten(svg)) }
        }
    }
}
