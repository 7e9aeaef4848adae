// TextChartRenderer: the profile chart drawn with block characters over a keyboard row, for the terminal.

import PeachCore
import PeachTraining

/// Draws a ``ProfileChart`` with block characters: a column per key, the bar up to the fitted threshold (█, ▄
/// for half a row), the upper end of its likely range above it (░), the cent scale on the left, and under it a
/// keyboard row (black keys ▀) with the note name at each C. A range wider than the screen is drawn with a
/// column per run of keys (``ProfileChart/grouped(into:)``); its keyboard row is then plain.
public struct TextChartRenderer: Sendable {
    /// Rows of the chart area.
    public let rows = 10
    /// The width the chart must fit, scale included.
    public let width: Int

    /// A renderer of 10 rows fitting `width` columns (80 by default).
    public init(width: Int = LineWrapper.standardWidth) { self.width = width }

    /// The chart's lines.
    public func lines(_ chart: ProfileChart) -> [String] {
        let chart = chart.grouped(into: width - 5)
        var result: [String] = []
        for row in stride(from: rows, through: 1, by: -1) {
            let low = Double(row - 1) / Double(rows)
            let high = Double(row) / Double(rows)
            let label: String
            switch row {
            case rows: label = "100"
            case rows / 2: label = " 10"
            case 1: label = "  1"
            default: label = "   "
            }
            var line = label + " ┤"
            for column in chart.columns {
                guard let threshold = column.threshold else {
                    line += " "
                    continue
                }
                let top = ProfileChart.position(threshold.cents)
                let spreadTop = ProfileChart.position(threshold.interval68.upperBound)
                if top >= high {
                    line += "█"
                } else if top > low {
                    line += top - low >= (high - low) / 2 ? "█" : "▄"
                } else if spreadTop > low {
                    line += "░"
                } else {
                    line += " "
                }
            }
            result.append(line)
        }
        var keys = "    └"
        var names = "     "
        var pendingName = ""
        for column in chart.columns {
            keys += !column.isGroup && column.note.isBlackKey ? "▀" : "─"
            if let c = (column.note.rawValue...column.lastNote.rawValue).first(where: { $0 % 12 == 0 }) {
                pendingName = MIDINote(clamping: c).name
            }
            if !pendingName.isEmpty {
                names += String(pendingName.removeFirst())
            } else {
                names += " "
            }
        }
        result.append(keys)
        result.append(String((names + pendingName).prefix(width)))
        return result
    }
}
