// ChartLayoutTests: a chart's texts broken into lines between words, a number kept with its % and its ±.

import Foundation
import PeachCore
import Testing

@testable import PeachText

@Suite("ChartLayout")
struct ChartLayoutTests {
    @Test("lines no wider than the room, broken between words; a % stays with its number, a ± with its")
    func wrapsBetweenWords() {
        // 0.62 × 10 px a character: a room of 62 px holds ten characters, one of 55 px eight.
        #expect(ChartLayout.wrap("one two three four", size: 10, room: 62) == ["one two", "three four"])
        #expect(ChartLayout.wrap("right 75 %", size: 10, room: 62) == ["right 75 %"])
        #expect(ChartLayout.wrap("right 75 %", size: 10, room: 55) == ["right", "75 %"])
        #expect(ChartLayout.wrap("12.5 ± 3.1 cents", size: 10, room: 55) == ["12.5", "± 3.1", "cents"])
        #expect(ChartLayout.wrap("Schwellenwertschätzung", size: 10, room: 62) == ["Schwellenwertschätzung"])
        #expect(ChartLayout.wrap("", size: 10, room: 62) == [""])
    }

    @Test("the same lines as replacing the kept spaces and counting every candidate line (the way before)")
    func sameAsReplacingSpaces() {
        let vocabulary = [
            "a", "Schwelle", "75", "%", "±", "3.1", "cents", "über", "H", "B", "", "Woche", "12 %", "± 2",
            "Übungsfortschritt",
        ]
        var generator = SeededRandomGenerator(seed: 5)
        for _ in 0..<2000 {
            let words = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                vocabulary.randomElement(using: &generator)!
            }
            let text = words.joined(separator: " ")
            let room = Double(Int.random(in: 10...200, using: &generator))
            #expect(ChartLayout.wrap(text, size: 10, room: room) == Self.replacingSpaces(text, room: room))
        }
    }

    /// The wrapping as it was: the spaces kept replaced by no-break spaces through Foundation, every candidate
    /// line counted again.
    private static func replacingSpaces(_ text: String, room: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        let kept = text.replacingOccurrences(of: " %", with: "\u{00A0}%")
            .replacingOccurrences(of: "± ", with: "±\u{00A0}")
        for word in kept.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, Double(candidate.count) * 10 * 0.62 > room {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        return (lines + [line]).map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") }
    }
}
