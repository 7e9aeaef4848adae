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
    static func textWidth(_ text: String, size: Double) -> Double {
        textWidth(characters: text.count, size: size)
    }

    /// ``textWidth(_:size:)`` of a text of `characters` characters.
    static func textWidth(characters: Int, size: Double) -> Double { Double(characters) * size * 0.62 }

    /// `text` broken between words into lines no wider than `room` pixels at `size` (a word longer than a line
    /// stands alone; a number keeps its `%`, a `±` its number). A line's width grows by its words' counts: made
    /// by replacing the kept spaces through Foundation and counting every candidate line again, the wrapping
    /// was 3 % of the dashboard's work after an answer.
    static func wrap(_ text: String, size: Double, room: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        var characters = 0
        for word in words(text) {
            let count = word.count
            if line.isEmpty {
                line = String(word)
                characters = count
            } else if textWidth(characters: characters + 1 + count, size: size) > room {
                lines.append(line)
                line = String(word)
                characters = count
            } else {
                line += " "
                line += word
                characters += 1 + count
            }
        }
        lines.append(line)
        return lines
    }

    /// The words of `text` between the spaces a line may break at: every space but one before `%` or after `±`
    /// (empty words where spaces stand together).
    private static func words(_ text: String) -> [Substring] {
        var words: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var before: (UInt8, UInt8) = (0, 0)  // the two bytes before the current one (`±` is C2 B1)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == 0x20, before != (0xC2, 0xB1), next == bytes.endIndex || bytes[next] != 0x25 {
                words.append(text[start..<index])
                start = next
            }
            before = (before.1, byte)
            index = next
        }
        words.append(text[start...])
        return words
    }
}
