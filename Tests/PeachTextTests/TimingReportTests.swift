// TimingReportTests: the timing section of `peach profile` in both languages, and its JSON.

import Foundation
import PeachCore
import PeachStore
import PeachTraining
import Testing

@testable import PeachText

@Suite("The profile's timing section")
struct TimingReportTests {
    static func history() -> TimingHistory {
        var history = TimingHistory()
        for index in 0..<40 {
            // A listener right above 6 % and wrong below 3 %, at 100 BPM (a sixteenth of 150 ms).
            let percent = [2.0, 4.0, 8.0, 16.0][index % 4]
            let sign: Double = index.isMultiple(of: 2) ? -1 : 1
            history.addOffsetDetection(tempoBPM: 100, offsetMs: sign * percent * 1.5, isCorrect: percent > 5)
        }
        history.addGapFill(tempoBPM: 100, meanOffsetMs: -24, positions: [nil, nil, nil, -24])
        history.addGapFill(tempoBPM: 100, meanOffsetMs: -26, positions: [nil, nil, nil, -26])
        return history
    }

    @Test("thresholds per tempo band in ms and % of a sixteenth, by direction, and fill the gap's drift")
    func lines() throws {
        let english = TimingReport(history: Self.history(), texts: Texts(language: .english)).lines
        #expect(english.first == "Timing:")
        #expect(english.count == 4)
        #expect(english[1].hasPrefix("  early or late, 80–119 BPM: "))
        #expect(english[1].contains("% of a sixteenth; likely range") && english[1].hasSuffix("· 40 answers"))
        #expect(english[2].hasPrefix("  early ") && english[2].contains(" · late "))
        #expect(english[2].contains(" ms (likely range "), "\(english[2])")
        // The mean's likely range: ± one standard error (1.4 / √2 = 1.0 ms).
        #expect(
            english[3]
                == "  fill the gap, 80–119 BPM: -25.0 ms (likely range -26.0 to -24.0 ms), rushing (early) · spread 1.4 ms · 2 trials · by step 4: -25.0 (-26.0 to -24.0)"
        )
        let german = TimingReport(history: Self.history(), texts: Texts(language: .german)).lines
        #expect(german.count == english.count)
        for (en, de) in zip(english.dropFirst(), german.dropFirst()) {
            CatalogueTests.check(en, de, "timing line")
        }
        #expect(
            german[3].contains("-25,0 ms (wahrscheinlicher Bereich -26,0 bis -24,0 ms), eilend (zu früh)"))
        #expect(german[3].hasSuffix("je Schritt 4: -25,0 (-26,0 bis -24,0)"), "\(german[3])")
        // A step with one trial has no range yet, as the band's mean has none.
        var single = TimingHistory()
        single.addGapFill(tempoBPM: 100, meanOffsetMs: -24, positions: [nil, 3, nil, -24])
        single.addGapFill(tempoBPM: 100, meanOffsetMs: -26, positions: [nil, nil, nil, -26])
        let steps = try #require(TimingReport(history: single, texts: Texts(language: .english)).lines.last)
        #expect(steps.hasSuffix("· by step 2: +3.0, 4: -25.0 (-26.0 to -24.0)"), "\(steps)")
        #expect(TimingReport(history: TimingHistory(), texts: Texts(language: .english)).lines.isEmpty)
    }

    @Test("each pattern family's threshold has its likely range, as the pooled one has; EN and DE")
    func familiesHaveRanges() throws {
        var history = Self.history()
        let triplets = try #require(TimingPattern.named("3:xxx"))
        for index in 0..<40 {
            let percent = [2.0, 4.0, 8.0, 16.0][index % 4]
            let sign: Double = index.isMultiple(of: 2) ? -1 : 1
            history.addOffsetDetection(
                tempoBPM: 100, offsetMs: sign * percent * 2, isCorrect: percent > 5, pattern: triplets)
        }
        let english = TimingReport(history: history, texts: Texts(language: .english)).lines
        let families = try #require(english.first { $0.hasPrefix("  by pattern family: ") })
        #expect(families.contains("sixteenths ") && families.contains(" · triplets "), "\(families)")
        #expect(families.components(separatedBy: "; likely range ").count == 3, "\(families)")
        let german = TimingReport(history: history, texts: Texts(language: .german)).lines
        #expect(
            german.contains { $0.components(separatedBy: "; wahrscheinlicher Bereich ").count == 3 },
            "\(german)")
    }

    @Test(
        "a mean offset is said as a teacher says it: on time within 5 ms, a little early or late within 20, rushing or dragging beyond; EN and DE"
    )
    func verdicts() {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let cases: [(Double, String, String)] = [
            (0, "on time", "pünktlich"), (-5, "on time", "pünktlich"), (4.9, "on time", "pünktlich"),
            (5.1, "a little late", "etwas zu spät"), (-12, "a little early", "etwas zu früh"),
            (20, "a little late", "etwas zu spät"), (20.5, "dragging (late)", "schleppend (zu spät)"),
            (-40, "rushing (early)", "eilend (zu früh)"),
        ]
        for (mean, en, de) in cases {
            #expect(english.timingVerdict(meanOffsetMs: mean) == en, "\(mean)")
            #expect(german.timingVerdict(meanOffsetMs: mean) == de, "\(mean)")
        }
    }

    /// Fill the gap at 60 BPM (one trial) and 100 BPM (three), and two rhythm echoes of quarters and eighths:
    /// 9 of 12 notes hit.
    static func gapFillAndEchoHistory() throws -> TimingHistory {
        var history = TimingHistory()
        history.addGapFill(tempoBPM: 60, meanOffsetMs: 30, positions: [])
        for mean in [1.5, 3.5, 14.0] { history.addGapFill(tempoBPM: 100, meanOffsetMs: mean, positions: []) }
        let rhythm = try #require(EchoRhythm(text: "1:x 2:xx 1:x 2:xx"))
        for (level, offsets) in [(2, [2.0, nil, 4, 1, 3, 0]), (3, [1.0, 1, 1, 1, nil, nil])] {
            history.addEcho(
                CompletedEcho(
                    timestamp: Date(timeIntervalSince1970: 1_767_225_600), tempo: .standard, rhythm: rhythm,
                    level: level,
                    onsets: zip(rhythm.onsets, offsets).map { CompletedEcho.Onset(beat: $0, offsetMs: $1) },
                    extras: 0))
        }
        return history
    }

    @Test(
        "the start screen heads fill the gap with its busiest band's mean, said in words, and rhythm echo with its level and hits, each with its likely range; EN and DE"
    )
    func startLines() throws {
        #expect(TimingReport(history: TimingHistory(), texts: Texts(language: .english)).startLines.isEmpty)
        let history = try Self.gapFillAndEchoHistory()
        #expect(
            TimingReport(history: history, texts: Texts(language: .english)).startLines == [
                "fill the gap +6.3 ms (likely range +2.5 to +10.2 ms), a little late (80–119 BPM, 3 trials)",
                "rhythm echo level 3, 75 % of 12 notes hit (likely range 62–85 %)",
            ])
        #expect(
            TimingReport(history: history, texts: Texts(language: .german)).startLines == [
                "Lücke füllen +6,3 ms (wahrscheinlicher Bereich +2,5 bis +10,2 ms), etwas zu spät (80–119 BPM, 3 Versuche)",
                "Rhythmus-Echo Stufe 3, 75 % von 12 Tönen getroffen (wahrscheinlicher Bereich 62–85 %)",
            ])
        // The profile's line of the family: the share hit with its likely range (9 of 12: 62–85 %).
        #expect(
            TimingReport(history: history, texts: Texts(language: .english)).lines.contains {
                $0.hasPrefix(
                    "  rhythm echo, quarters and eighths: 75.0 % of 12 notes hit (likely range 62–85 %) · ")
            })
        #expect(
            TimingReport(history: history, texts: Texts(language: .german)).lines.contains {
                $0.contains("75,0 % von 12 Tönen getroffen (wahrscheinlicher Bereich 62–85 %) · ")
            })
        var contents = JournalContents()
        contents.timing = history
        let screen = ProfileReport.startScreen(
            contents: contents, range: TrainingSettings.defaults.noteRange, texts: Texts(language: .english),
            version: "test")
        #expect(
            Array(screen.prefix(3)) == [
                "Peach test",
                "fill the gap +6.3 ms (likely range +2.5 to +10.2 ms), a little late (80–119 BPM, 3 trials)",
                "rhythm echo level 3, 75 % of 12 notes hit (likely range 62–85 %)",
            ], "\(screen)")
    }

    @Test(
        "rhythm echo's mean offset has its likely range counted by echo (a bar's notes lean together), on the screen and in JSON; EN and DE"
    )
    func echoOffsetRange() throws {
        let history = try Self.gapFillAndEchoHistory()
        // The echoes' own means are 2.0 and 1.0 ms: ± 0.71 / √2 = 0.5 around the hits' mean, 14 / 9 = 1.56 ms
        // (counted by note it would be ± 0.41).
        let cell = try #require(history.echo(family: .simple))
        let range = try #require(cell.likelyRangeOfMeanOffset)
        #expect(
            abs(range.lowerBound - (14.0 / 9 - 0.5)) < 1e-9 && abs(range.upperBound - (14.0 / 9 + 0.5)) < 1e-9
        )
        #expect(
            TimingReport(history: history, texts: Texts(language: .english)).lines.contains {
                $0.hasSuffix("· 0 extra · +1.6 ms (likely range +1.1 to +2.1 ms) · spread 1.2 ms · 2 bars")
            })
        #expect(
            TimingReport(history: history, texts: Texts(language: .german)).lines.contains {
                $0.hasSuffix(
                    "· 0 zusätzlich · +1,6 ms (wahrscheinlicher Bereich +1,1 bis +2,1 ms) · Streuung 1,2 ms · 2 Takte"
                )
            })
        let echo = try #require(
            TimingReport(history: history, texts: Texts(language: .english)).model.echo.first)
        #expect(abs((echo.meanOffsetLower68 ?? 0) - range.lowerBound) < 1e-12)
        #expect(abs((echo.meanOffsetUpper68 ?? 0) - range.upperBound) < 1e-12)
    }

    @Test("the JSON has each band's threshold (both directions and each) and fill the gap per step")
    func json() throws {
        let model = TimingReport(history: Self.history(), texts: Texts(language: .english)).model
        let data = try JSONEncoder().encode(model)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let thresholds = try #require(object["offsetDetection"] as? [[String: Any]])
        #expect(thresholds.count == 3)
        #expect(thresholds[0]["band"] as? String == "moderate" && thresholds[0]["direction"] == nil)
        let percent = try #require(thresholds[0]["percent"] as? Double)
        #expect(percent > 3 && percent < 8)
        #expect(abs((thresholds[0]["milliseconds"] as? Double ?? 0) - percent * 1.5) < 1e-9)
        let gaps = try #require(object["gapFill"] as? [[String: Any]])
        #expect(gaps.count == 2)
        #expect(gaps[1]["position"] as? Int == 4 && gaps[1]["meanMs"] as? Double == -25)
    }

    @Test("the JSON gives the likely ranges the screen shows: fill the gap's mean, rhythm echo's share hit")
    func jsonRanges() throws {
        let model = TimingReport(history: try Self.gapFillAndEchoHistory(), texts: Texts(language: .english))
            .model
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(model)) as? [String: Any])
        let gaps = try #require(object["gapFill"] as? [[String: Any]])
        // One trial has no range (no spread to take a standard error of); three have the mean ± one standard
        // error of 1.5, 3.5 and 14 ms.
        let slow = try #require(gaps.first { $0["band"] as? String == "slow" })
        #expect(slow["lower68"] == nil && slow["upper68"] == nil && slow["meanMs"] as? Double == 30)
        let moderate = try #require(gaps.first { $0["band"] as? String == "moderate" })
        let mean = 19.0 / 3
        let variance = [1.5, 3.5, 14].map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 2
        let standardError = (variance / 3).squareRoot()
        #expect(abs((moderate["lower68"] as? Double ?? .nan) - (mean - standardError)) < 1e-9)
        #expect(abs((moderate["upper68"] as? Double ?? .nan) - (mean + standardError)) < 1e-9)
        // 9 of 12 hit: the screen's 62–85 %, the same numbers unrounded.
        let echo = try #require((object["echo"] as? [[String: Any]])?.first)
        #expect(echo["hitRate"] as? Double == 0.75)
        let low = try #require(echo["hitRateLower68"] as? Double)
        let high = try #require(echo["hitRateUpper68"] as? Double)
        #expect(low < 0.75 && 0.75 < high)
        #expect(Int((low * 100).rounded()) == 62 && Int((high * 100).rounded()) == 85, "\(low) \(high)")
    }
}

@Suite("The progress chart's timing series")
struct TimingProgressTests {
    @Test(
        "offset detection's weekly thresholds in ms and fill the gap's distance from on time, drawn and in JSON"
    )
    func weekly() throws {
        var history = TimingHistory()
        let monday = Date(timeIntervalSince1970: 1_795_478_400)  // Monday 2026-11-23, 00:00 UTC
        for week in 0..<2 {
            let date = monday.addingTimeInterval(Double(week) * 7 * 86_400 + 3_600)
            for index in 0..<40 {
                let percent = [2.0, 4.0, 8.0, 16.0][index % 4]
                history.addOffsetDetection(
                    tempoBPM: 100, offsetMs: percent * 1.5, isCorrect: percent > 5, at: date)
            }
            history.addGapFill(tempoBPM: 100, meanOffsetMs: week == 0 ? -6 : 4, positions: [], at: date)
        }
        let chart = ProgressChart(history: ProgressHistory(), timing: history)
        #expect(chart.series.isEmpty && !chart.isEmpty)
        #expect(chart.timing.map(\.discipline) == [.offsetDetection, .gapFill])
        let thresholds = try #require(chart.timing.first).points
        #expect(thresholds.map(\.week) == ["2026-W48", "2026-W49"])
        #expect(thresholds.allSatisfy { $0.value > 3 * 1.5 && $0.value < 8 * 1.5 && $0.count == 40 })
        #expect(chart.timing[1].points.map(\.value) == [6, 4])
        let lines = ProgressRenderer(texts: Texts(language: .english)).lines(chart)
        #expect(
            lines.first
                == "Early or late, 80–119 BPM: threshold (75 % correct) per week, with its likely range")
        // Rows are named by the week's Monday, under a line for its year.
        #expect(lines.contains("  2026"))
        #expect(lines.contains { $0.hasPrefix("  30 Nov  ") && $0.hasSuffix(" ms  (40 answers)") })
        #expect(lines.contains { $0.hasPrefix("  30 Nov  ") && $0.hasSuffix("  4.0 ms  (1 trial)") })
        let svg = ProgressRenderer(texts: Texts(language: .english)).document(chart, title: "Progress")
        #expect(
            svg.contains(">Fill the gap, 80–119 BPM: distance from on time per week, ± one standard error<"))
        let json = TimingReport(history: history, texts: Texts(language: .english)).model
        #expect(json.progress.map(\.discipline) == ["offsetDetection", "gapFill"])
        #expect(json.progress[1].weeks.map(\.milliseconds) == [6, 4])
    }
}
