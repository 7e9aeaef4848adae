// ProfileChart: the perceptual profile as a chart model over a piano keyboard, drawn as text or SVG.

import Foundation
import PeachCore

/// The perceptual profile prepared for drawing: one column per key of the training range, each with the
/// note's mean threshold and its spread, or nothing for an untrained note (no interpolation over gaps).
/// Heights are on a log scale from ``bottom`` to ``top`` cents; lower is better, so a better note's bar is
/// shorter: closer to the keyboard. ``TextChartRenderer`` and ``SVGChartRenderer`` draw the same model.
struct ProfileChart {
    /// One key of the chart.
    struct Column {
        /// The note.
        let note: MIDINote
        /// Mean threshold in cents, nil when untrained.
        let mean: Double?
        /// Sample standard deviation, nil with fewer than two answers.
        let spread: Double?
        /// How many answers.
        let count: Int
    }

    /// The lowest value of the scale, cents.
    static let bottom = 1.0
    /// The highest value of the scale, cents.
    static let top = 100.0

    /// The columns, low to high.
    let columns: [Column]

    /// The chart of `profile` over `range`.
    init(profile: PerceptualProfile, range: NoteRange) {
        columns = (range.lowerBound.rawValue...range.upperBound.rawValue).map { number in
            let note = MIDINote(clamping: number)
            let statistics = profile.statistics(for: note)
            return Column(
                note: note, mean: statistics.meanIfAny, spread: statistics.sampleStandardDeviation,
                count: statistics.count)
        }
    }

    /// Where `cents` sits on the scale: 0 at ``bottom`` (and below), 1 at ``top`` (and above).
    static func position(_ cents: Double) -> Double {
        guard cents > bottom else { return 0 }
        return min(log10(cents / bottom) / log10(top / bottom), 1)
    }

    /// Whether any note is trained.
    var isEmpty: Bool { columns.allSatisfy { $0.mean == nil } }
}

/// Draws a ``ProfileChart`` with block characters: a column per key, the bar up to the mean (█, ▄ for half a
/// row), the spread above it (░), the cent scale on the left, and under it a keyboard row (black keys ▀) with the
/// note name at each C.
struct TextChartRenderer {
    /// Rows of the chart area.
    let rows = 10

    /// The chart's lines.
    func lines(_ chart: ProfileChart) -> [String] {
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
                guard let mean = column.mean else {
                    line += " "
                    continue
                }
                let top = ProfileChart.position(mean)
                let spreadTop = ProfileChart.position(mean + (column.spread ?? 0))
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
            keys += column.note.isBlackKey ? "▀" : "─"
            if column.note.pitchClass == 0 { pendingName = column.note.name }
            if !pendingName.isEmpty {
                names += String(pendingName.removeFirst())
            } else {
                names += " "
            }
        }
        result.append(keys)
        result.append(names + pendingName)
        return result
    }
}

/// Draws a ``ProfileChart`` as a standalone SVG document: the same log scale, a bar per trained key up to its
/// mean with its spread as a lighter band, and a piano keyboard along the bottom with the name at each C.
struct SVGChartRenderer {
    /// The document.
    func document(_ chart: ProfileChart, title: String) -> String {
        let keyWidth = 14.0
        let left = 44.0
        let plotHeight = 240.0
        let keyboardTop = 20 + plotHeight
        let width = left + keyWidth * Double(chart.columns.count) + 10
        let height = keyboardTop + 64
        func y(_ cents: Double) -> Double { keyboardTop - ProfileChart.position(cents) * plotHeight }
        var parts: [String] = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="sans-serif" font-size="10">"##,
            "<title>\(Self.escape(title))</title>",
            ##"<rect x="0" y="0" width="\##(Int(width))" height="\##(Int(height))" fill="white"/>"##,
        ]
        for cents in [1.0, 2, 5, 10, 20, 50, 100] {
            let lineY = Self.number(y(cents))
            parts.append(
                ##"<line x1="\##(Self.number(left))" y1="\##(lineY)" x2="\##(Self.number(width - 10))" y2="\##(lineY)" stroke="#ddd"/>"##
            )
            parts.append(
                ##"<text x="\##(Self.number(left - 4))" y="\##(lineY)" text-anchor="end" dominant-baseline="middle">\##(Int(cents))</text>"##
            )
        }
        parts.append(##"<text x="4" y="12">cents</text>"##)
        for (index, column) in chart.columns.enumerated() {
            let x = left + Double(index) * keyWidth
            guard let mean = column.mean else { continue }
            let spread = column.spread ?? 0
            let bandTop = y(mean + spread)
            let bandBottom = y(max(mean - spread, ProfileChart.bottom))
            parts.append(
                ##"<rect class="spread" x="\##(Self.number(x + 2))" y="\##(Self.number(bandTop))" width="\##(Self.number(keyWidth - 4))" height="\##(Self.number(max(bandBottom - bandTop, 0)))" fill="#9ecae1"/>"##
            )
            parts.append(
                ##"<rect class="mean" x="\##(Self.number(x + 4))" y="\##(Self.number(y(mean)))" width="\##(Self.number(keyWidth - 8))" height="\##(Self.number(keyboardTop - y(mean)))" fill="#3182bd"><title>\##(column.note.name): \##(Self.number(mean)) cents (\##(column.count))</title></rect>"##
            )
        }
        for (index, column) in chart.columns.enumerated() where !column.note.isBlackKey {
            let x = left + Double(index) * keyWidth
            parts.append(
                ##"<rect x="\##(Self.number(x))" y="\##(Self.number(keyboardTop))" width="\##(Self.number(keyWidth))" height="40" fill="white" stroke="black"/>"##
            )
        }
        for (index, column) in chart.columns.enumerated() where column.note.isBlackKey {
            let x = left + Double(index) * keyWidth
            parts.append(
                ##"<rect x="\##(Self.number(x + 2))" y="\##(Self.number(keyboardTop))" width="\##(Self.number(keyWidth - 4))" height="24" fill="black"/>"##
            )
        }
        for (index, column) in chart.columns.enumerated() where column.note.pitchClass == 0 {
            let x = left + Double(index) * keyWidth + keyWidth / 2
            parts.append(
                ##"<text x="\##(Self.number(x))" y="\##(Self.number(keyboardTop + 54))" text-anchor="middle">\##(column.note.name)</text>"##
            )
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
