// ProfileView: `peach profile` below the command line: the report on screen, as JSON, or as an SVG file.

import Foundation
import PeachCore
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// Shows the profile of the store at `locations`: the report (or with `progress` the progress chart) on the
/// screen fitted to the terminal, or JSON; and with `svg` the chart written to that file.
public enum ProfileView {
    /// What `peach profile` was asked for.
    public struct Request: Sendable {
        /// The chart's range; the `noteRange` setting when nil.
        public var range: NoteRange?
        /// The SVG file to write, if any (its path already checked against the store's files).
        public var svg: String?
        /// JSON instead of text.
        public var json: Bool
        /// The progress chart instead of the profile.
        public var progress: Bool
        /// Days of progress to list.
        public var days: Int
        /// Play-back's full confusion table of this kind instead of the profile (`--confusions`); with `svg`,
        /// as an SVG table.
        public var confusions: PlayBackKind?

        /// A request.
        public init(
            range: NoteRange?, svg: String?, json: Bool, progress: Bool, days: Int,
            confusions: PlayBackKind? = nil
        ) {
            self.confusions = confusions
            self.range = range
            self.svg = svg
            self.json = json
            self.progress = progress
            self.days = days
        }
    }

    /// Shows `request` for the data and settings at `locations`.
    /// - Throws: ``StoreError`` for the settings or the store; ``CommandError/cannotWrite(_:)`` for the SVG.
    public static func show(_ request: Request, at locations: DataLocations, texts: Texts) throws {
        // Every fit of the report, its JSON and its SVG in one batch (each level's log-likelihoods shared).
        try ThresholdPosterior.sharingLevelLikelihoods { () throws -> Void in
            try showReport(request, at: locations, texts: texts)
        }
    }

    private static func showReport(_ request: Request, at locations: DataLocations, texts: Texts) throws {
        let settings = try SettingsFile(path: locations.settingsFile).load().settings
        let contents = try JournalStore.read(directory: locations.dataDirectory)
        let report = ProfileReport(
            contents: contents, range: request.range ?? settings.training.noteRange, texts: texts,
            days: request.days, timeZone: .current)
        if let svg = request.svg {
            // Opened in place: a FIFO or /dev/stdout stays what it is.
            do {
                let file = try SystemFile(path: svg, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
                let document =
                    request.confusions.map {
                        PlayBackReport(history: contents.playBack, texts: texts).svg(kind: $0)
                    }
                    ?? report.svg(progress: request.progress)
                try file.writeAll(Array(document.utf8))
            } catch {
                throw CommandError.cannotWrite(error)
            }
        }
        if request.json {
            Terminal.emit(report.json())
        } else {
            if let kind = request.confusions {
                let lines = PlayBackReport(history: contents.playBack, texts: texts).lines(
                    all: true, only: kind)
                Terminal.show(
                    lines.isEmpty ? [texts.tr("No answers of this kind yet; try 'peach play'.")] : lines)
            } else {
                Terminal.show(request.progress ? report.progressLines() : report.lines(width: Terminal.width))
            }
            if let svg = request.svg { Terminal.show(texts.svgWritten(svg)) }
        }
    }
}
