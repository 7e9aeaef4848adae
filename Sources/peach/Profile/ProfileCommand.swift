// ProfileCommand: `peach profile`: the perceptual profile as a chart, summary, matching accuracy and timeline.

import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach profile`: the chart over the keyboard, the summary, pitch matching and progress by day; `--svg`
/// writes the chart as SVG, `--json` prints the numbers.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: Messages.pick(
            "Show your perceptual profile: thresholds over the keyboard, trend, matching.",
            "Zeigt dein Wahrnehmungsprofil: Schwellen über der Tastatur, Trend, Abstimmen."),
        discussion: """
            The chart has a column per key of the training range: the bar rises to the note's mean threshold \
            (log scale, 1 to 100 cents; shorter is better) with its spread above it; untrained keys stay blank. \
            Below: mean, standard deviation and trend, pitch-matching accuracy, and progress by day.
            Examples:
              peach profile
              peach profile --range C3-C5 --svg profile.svg
              peach profile --json | jq .summary
            """)

    @OptionGroup var location: DataLocationOptions

    @Option(name: .long, help: "The range of the chart (default: the noteRange setting).")
    var range: String?

    @Option(name: .long, help: "Also write the chart as SVG to FILE.")
    var svg: String?

    @Flag(name: .long, help: "Print the numbers as JSON instead.")
    var json = false

    @Option(name: .long, help: "Days of progress to list (1-365).")
    var days = 14

    func run() throws {
        try reportingFailures {
            guard (1...365).contains(days) else {
                throw CommandFailure.usage(Messages.pick("--days must be 1-365.", "--days muss 1-365 sein."))
            }
            let locations = try location.locations()
            let settings = try SettingsFile(path: locations.settingsFile).load().settings
            let noteRange: NoteRange
            if let range {
                guard let parsed = try? NoteRange(parsing: range) else {
                    throw CommandFailure.usage(
                        Messages.pick(
                            "--range '\(range)' is not a range such as C3-C5.",
                            "--range '\(range)' ist kein Bereich wie C3-C5."))
                }
                noteRange = parsed
            } else {
                noteRange = settings.training.noteRange
            }
            let contents = try JournalStore.read(directory: locations.dataDirectory)
            let report = ProfileReport(contents: contents, range: noteRange, texts: .current, days: days)
            if let svg {
                let document = SVGChartRenderer().document(report.chart, title: report.title)
                let file = try OutputFile.open(svg, what: Messages.pick("the SVG file", "die SVG-Datei"))
                do {
                    try file.write(contentsOf: Data(document.utf8))
                } catch {
                    throw CommandFailure(message: "\(svg): \(error.localizedDescription)", status: 1)
                }
            }
            if json {
                print(report.json())
            } else {
                for line in report.lines() { print(line) }
                if let svg { print(report.texts.svgWritten(svg)) }
            }
        }
    }
}
