// ChartLayout: the size an SVG chart is drawn for (a desktop's page or a phone's), and text wrapped to it.

import Foundation

/// The size an SVG chart is drawn for. A chart is drawn at the width it is shown at, so its text is the size it
/// says: the dashboard offers the phone's drawing below 640 CSS pixels, where the wide one's text would be shrunk
/// to a third. Long titles wrap instead of widening the picture.
public struct ChartLayout: Sendable, Equatable {
    /// The document's width in CSS pixels.
    public let width: Double
    /// The size of the smallest text (axes, legends, notes), CSS pixels.
    public let textSize: Double
    /// The size of the chart's title; series titles are one pixel larger than ``textSize``.
    public let titleSize: Double

    /// A desktop page's (and `peach profile --svg`'s): 960 pixels, text 12.
    public static let wide = ChartLayout(width: 960, textSize: 12, titleSize: 15)
    /// A phone's: 340 pixels, shown whole on a 375-pixel screen with its margins, text 13.
    public static let phone = ChartLayout(width: 340, textSize: 13, titleSize: 15)

    /// The layout by its name in a chart's address (`phone`; anything else is the wide one).
    public static func named(_ name: String?) -> ChartLayout { name == "phone" ? .phone : .wide }

    /// The size of a series' title.
    var seriesTitleSize: Double { textSize + 1 }

    /// A generous width of `text` in pixels at `size` (sans-serif averages about 0.55 em a character).
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.62 }

    /// `text` broken between words into lines no wider than `room` pixels at `size` (a word longer than a line
    /// stands alone; a number keeps its `%`, a `±` its number).
    static func wrap(_ text: String, size: Double, room: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        let kept = text.replacingOccurrences(of: " %", with: "\u{00A0}%")
            .replacingOccurrences(of: "± ", with: "±\u{00A0}")
        for word in kept.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, textWidth(candidate, size: size) > room {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        // The kept spaces were only for the breaking: the lines say them as they were.
        return (lines + [line]).map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") }
    }
}
