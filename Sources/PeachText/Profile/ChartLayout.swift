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

    /// The picture's title, wrapped to the width: its text elements, and the y below its last line.
    func title(_ title: String) -> (elements: [String], bottom: Double) {
        let step = titleSize + 4
        let lines = Self.wrap(title, size: titleSize, room: width - 8)
        let elements = lines.enumerated().map { index, text in
            ##"<text class="title" x="4" y="\##(SVGChartRenderer.number(step * Double(index + 1)))" font-size="\##(SVGChartRenderer.number(titleSize))">\##(SVGChartRenderer.escape(text))</text>"##
        }
        return (elements, 8 + Double(lines.count) * step)
    }

    /// A legend from `top`: each item its swatch (drawn at its x and its row's top + 2) and its label, in rows
    /// that begin again at the left where an item would not fit. The elements, and the top of the last row.
    func legend(
        _ items: [(label: String, swatch: (Double, Double) -> String)], top: Double
    ) -> (elements: [String], lastRow: Double) {
        var (elements, x, row) = ([String](), 4.0, top)
        for item in items {
            let itemWidth = 24 + Self.textWidth(item.label, size: textSize)
            if x > 4, x + itemWidth > width - 4 {
                x = 4
                row += textSize + 5
            }
            elements.append(item.swatch(x, row + 2))
            elements.append(
                ##"<text x="\##(SVGChartRenderer.number(x + 20))" y="\##(SVGChartRenderer.number(row + textSize))">\##(SVGChartRenderer.escape(item.label))</text>"##
            )
            x += itemWidth + 10
        }
        return (elements, row)
    }

    /// The standalone SVG document of `body` titled `title`, this layout's width and `height` high, on white.
    func document(title: String, height: Double, body: [String]) -> String {
        let (width, height) = (Int(width), Int(height.rounded(.up)))
        let head = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(width)" height="\##(height)" viewBox="0 0 \##(width) \##(height)" font-family="sans-serif" font-size="\##(SVGChartRenderer.number(textSize))">"##,
            "<title>\(SVGChartRenderer.escape(title))</title>",
            ##"<rect x="0" y="0" width="\##(width)" height="\##(height)" fill="white"/>"##,
        ]
        return (head + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

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
