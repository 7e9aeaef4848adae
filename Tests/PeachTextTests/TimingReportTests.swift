// TimingReportTests: the timing section of `peach profile` in both languages, and its JSON.

import Foundation
import PeachCore
import PeachText
import PeachTraining
import Testing

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
        history.addGapFill(tempoBPM: 100, meanOffsetMs: -4, positions: [nil, nil, nil, -4])
        history.addGapFill(tempoBPM: 100, meanOffsetMs: -6, positions: [nil, nil, nil, -6])
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
        #expect(
            english[3]
                == "  fill the gap, 80–119 BPM: -5.0 ms, rushing (early) · spread 1.4 ms · 2 trials · by step 4: -5.0"
        )
        let german = TimingReport(history: Self.history(), texts: Texts(language: .german)).lines
        #expect(german.count == english.count)
        for (en, de) in zip(english.dropFirst(), german.dropFirst()) {
            CatalogueTests.check(en, de, "timing line")
        }
        #expect(german[3].contains("-5,0 ms, eilend (zu früh)"))
        #expect(TimingReport(history: TimingHistory(), texts: Texts(language: .english)).lines.isEmpty)
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
        #expect(gaps[1]["position"] as? Int == 4 && gaps[1]["meanMs"] as? Double == -5)
    }
}
