// SVGChartRenderer: the profile chart as a standalone SVG document, with a piano keyboard along the bottom.

import Foundation
import PeachCore
import PeachTraining

/// Draws a ``ProfileChart`` as a standalone SVG document: a title and a legend at the top, the same log scale
/// (labelled in cents), a bar per trained key up to its fitted threshold with its likely range as a lighter
/// band, and a piano keyboard along the bottom with the name at each C; the intervals trained are listed under
/// it. Drawn for a ``ChartLayout``'s width; long texts wrap, so nothing is cut off whatever the range.
public struct SVGChartRenderer: Sendable {
    /// The language of the legend.
    public let texts: Texts

    /// A renderer whose legend is in `texts`' language.
    public init(texts: Texts = Texts(language: .english)) { self.texts = texts }

    /// The document drawn for `layout`; `notes` are lines of text below the keyboard (the intervals trained).
    /// Keys are 14 pixels wide while the range fits, narrower when not; titles, legend and notes wrap.
    public func document(
        _ chart: ProfileChart, title: String, notes: [String] = [], layout: ChartLayout = .wide
    ) -> String {
        let size = layout.textSize
        let line = size + 5
        let width = layout.width
        let left = 8 + ChartLayout.textWidth("100", size: size) + 6
        let keyWidth = min(14, (width - left - 10) / Double(max(chart.columns.count, 1)))
        let plotHeight = 240.0
        func swatch(_ colour: String) -> (Double, Double) -> String {
            { x, y in
                ##"<rect class="legend" x="\##(Self.number(x))" y="\##(Self.number(y))" width="16" height="10" fill="\##(colour)"/>"##
            }
        }
        var (parts, titleBottom) = layout.title(title)
        let legend = layout.legend(
            [
                (texts.tr("threshold (75 % correct)"), swatch("#3182bd")),
                (texts.tr("likely range"), swatch("#9ecae1")),
            ], top: titleBottom + 4)
        parts += legend.elements
        let plotTop = legend.lastRow + 2 * line + 14
        let keyboardTop = plotTop + plotHeight
        let noteLines = notes.flatMap { ChartLayout.wrap($0, size: size, room: width - 8) }
        let height = keyboardTop + 48 + 2 * line + line * Double(noteLines.count)
        func y(_ cents: Double) -> Double { keyboardTop - ProfileChart.position(cents) * plotHeight }
        let plotRight = left + keyWidth * Double(chart.columns.count)
        parts.append(
            ##"<text class="axis-label" x="4" y="\##(Self.number(plotTop - 12))">\##(texts.tr("cents"))</text>"##
        )
        for cents in [1.0, 2, 5, 10, 20, 50, 100] {
            let lineY = Self.number(y(cents))
            parts.append(
                ##"<line x1="\##(Self.number(left))" y1="\##(lineY)" x2="\##(Self.number(plotRight))" y2="\##(lineY)" stroke="#ddd"/>"##
            )
            parts.append(
                ##"<text x="\##(Self.number(left - 4))" y="\##(lineY)" text-anchor="end" dominant-baseline="middle">\##(Int(cents))</text>"##
            )
        }
        for (index, column) in chart.columns.enumerated() {
            let x = left + Double(index) * keyWidth
            guard let threshold = column.threshold else { continue }
            let mean = threshold.cents
            let bandTop = y(threshold.interval68.upperBound)
            let bandBottom = y(max(threshold.interval68.lowerBound, ProfileChart.bottom))
            parts.append(
                ##"<rect class="interval" x="\##(Self.number(x + 2))" y="\##(Self.number(bandTop))" width="\##(Self.number(keyWidth - 4))" height="\##(Self.number(max(bandBottom - bandTop, 0)))" fill="#9ecae1"/>"##
            )
            // The tooltip in the page's words and numbers (German `Fis3: 12,5 Cent …`).
            let (note, value) = (texts.noteName(column.note), texts.format(mean, 1))
            let (low, high) = (
                texts.format(threshold.interval68.lowerBound, 1),
                texts.format(threshold.interval68.upperBound, 1)
            )
            // TRANSLATORS: a chart column's tooltip: {1} its note (A4), {2} the threshold in cents, {3}–{4} its
            // likely range.
            let tip = texts.tr("\(note): \(value) cents at 75 % correct, likely range \(low)–\(high)")
            parts.append(
                ##"<rect class="threshold" x="\##(Self.number(x + 4))" y="\##(Self.number(y(mean)))" width="\##(Self.number(keyWidth - 8))" height="\##(Self.number(keyboardTop - y(mean)))" fill="#3182bd"><title>\##(tip)</title></rect>"##
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
                ##"<text x="\##(Self.number(x))" y="\##(Self.number(keyboardTop + 40 + line))" text-anchor="middle">\##(texts.noteName(column.note))</text>"##
            )
        }
        for (index, note) in noteLines.enumerated() {
            parts.append(
                ##"<text class="interval-line" x="4" y="\##(Self.number(keyboardTop + 48 + 2 * line + line * Double(index)))">\##(Self.escape(note))</text>"##
            )
        }
        return layout.document(title: title, height: height, body: parts)
    }

    /// A coordinate with one decimal.
    static func number(_ value: Double) -> String { FixedDecimals.string(value, decimals: 1) }

    /// `text` with XML's special characters escaped.
    static func escape(_ text: String) -> String {
        // Most texts have none: found without Foundation (four replacements through NSString cost a chart's SVG
        // a quarter of its making).
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
            return text
        }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
