// StartScreenTests: `peach` alone: every discipline's headline, each number with its likely range.

import Foundation
import PeachCore
import PeachStore
import Testing

@testable import PeachText

@Suite("The start screen")
struct StartScreenTests {
    /// Four unison pitch matchings (errors 3, 5, 4, 2 cents), the same doubled on a just fifth up, and the timing
    /// history of ``TimingReportTests/history()`` (40 early-or-late answers at 100 BPM, two fill-the-gap trials).
    static func contents() -> JournalContents {
        var contents = JournalContents()
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for (index, error) in [3.0, -5, 4, -2].enumerated() {
            let time = start + Double(index)
            contents.profile.add(
                FiledPitchMatching(
                    referenceNote: MIDINote(60), targetNote: MIDINote(60), tuningSystem: .equalTemperament,
                    userError: Cents(error), timestamp: time))
            contents.profile.add(
                FiledPitchMatching(
                    referenceNote: MIDINote(60), targetNote: MIDINote(67), tuningSystem: .justIntonation,
                    userError: Cents(error * 2), timestamp: time))
        }
        contents.timing = TimingReportTests.history()
        return contents
    }

    static func screen(_ contents: JournalContents, _ language: Language) -> [String] {
        let lines = ProfileReport.startScreen(
            contents: contents, range: TrainingSettings.defaults.noteRange, texts: Texts(language: language),
            version: "test")
        return Array(lines.prefix { !$0.isEmpty })
    }

    @Test(
        "every headline's number has its likely range (matching, timing, fill the gap), and the intervals trained have a line; EN and DE"
    )
    func ranges() {
        // Matching: mean |error| 3.5 cents, standard error 1.29 / √4 = 0.65. Fill the gap: -25 ± 1.0 ms.
        #expect(
            Self.screen(Self.contents(), .english) == [
                "Peach test",
                "matching error 3.5 cents (likely range 2.9–4.1)",
                "timing 9.3 ms (early or late, 80–119 BPM; likely range 8.0–10.8 ms)",
                "intervals: 1 trained (4 attempts)",
                "fill the gap -25.0 ms (likely range -26.0 to -24.0 ms), rushing (early) (80–119 BPM, 2 trials)",
            ])
        #expect(
            Self.screen(Self.contents(), .german) == [
                "Peach test",
                "Fehler beim Treffen 3,5 Cent (wahrscheinlicher Bereich 2,9–4,1)",
                "Timing 9,3 ms (zu früh oder zu spät, 80–119 BPM; wahrscheinlicher Bereich 8,0–10,8 ms)",
                "Intervalle: 1 geübt (4 Versuche)",
                "Lücke füllen -25,0 ms (wahrscheinlicher Bereich -26,0 bis -24,0 ms), eilend (zu früh) (80–119 BPM, 2 Versuche)",
            ])
    }

    @Test(
        "an early-or-late threshold too uncertain to be a number gives its range alone, on the start screen and in the profile, as a pitch threshold does"
    )
    func uncertainTiming() {
        var contents = JournalContents()
        // Forty answers, right and wrong alike at every size: no threshold the answers could pin down.
        for index in 0..<40 {
            contents.timing.addOffsetDetection(
                tempoBPM: 100, offsetMs: [3.0, -12, 24, -6, 1.5][index % 5], isCorrect: index % 4 < 2)
        }
        let screen = Self.screen(contents, .english)
        #expect(
            screen.count == 2
                && screen[1].hasPrefix(
                    "timing too uncertain to say yet (early or late, 80–119 BPM; likely range "),
            "\(screen)")
        let profile = TimingReport(history: contents.timing, texts: Texts(language: .english)).lines
        #expect(
            profile.count > 1
                && profile[1].hasPrefix(
                    "  early or late, 80–119 BPM: too uncertain to say yet (likely range "),
            "\(profile)")
        #expect(profile[1].hasSuffix(" ms) · 40 answers"), "\(profile)")
    }

    @Test("a profile of intervals alone is a profile: its start screen heads them instead of asking to begin")
    func intervalsAlone() {
        var contents = JournalContents()
        contents.profile.add(
            FiledPitchMatching(
                referenceNote: MIDINote(60), targetNote: MIDINote(64), tuningSystem: .equalTemperament,
                userError: Cents(4), timestamp: Date(timeIntervalSince1970: 1_767_225_600)))
        #expect(Self.screen(contents, .english) == ["Peach test", "intervals: 1 trained (1 attempt)"])
        #expect(
            Self.screen(JournalContents(), .english) == [
                "Peach test", Texts(language: .english)(.emptyProfile),
            ])
    }

    @Test(
        "the profile's interval lines give each matching mean with its likely range, as the unison line does")
    func intervalMatchingRanges() {
        let report = ProfileReport(
            contents: Self.contents(), range: TrainingSettings.defaults.noteRange,
            texts: Texts(language: .english),
            days: 7, timeZone: TimeZone(identifier: "UTC") ?? .current)
        // Errors 6, -10, 8, -4: mean |error| 7.0 ± 1.3, bias 0 ± 4.2 (standard errors of four attempts).
        #expect(
            report.intervalLines == [
                "Perfect fifth up (P5, just): mean error 7.0 cents (likely range 5.7–8.3) · bias +0.0 (likely range -4.2 to +4.2), 4 attempts"
            ])
    }
}
