// TimingStaircaseTests: the Kazez rule on timing offsets, its bounds, early/late balance and the trial's clicks.

import PeachCore
import Testing

@Suite("TimingStaircase and OffsetDetectionTrial")
struct TimingStaircaseTests {
    @Test("right answers narrow and wrong ones widen by the Kazez rule, within 0.25–20 % of a sixteenth")
    func kazezRule() {
        #expect(
            abs(
                TimingStaircase.nextPercent(after: 20, wasCorrect: true) - 20 * (1 - 0.05 * 20.0.squareRoot())
            ) < 1e-12)
        #expect(abs(TimingStaircase.nextPercent(after: 4, wasCorrect: false) - 4 * (1 + 0.09 * 2)) < 1e-12)
        #expect(TimingStaircase.nextPercent(after: 20, wasCorrect: false) == 20)
        #expect(TimingStaircase.nextPercent(after: 0.25, wasCorrect: true) == 0.25)
        var percent = 20.0
        for _ in 0..<400 { percent = TimingStaircase.nextPercent(after: percent, wasCorrect: true) }
        #expect(percent == TimingStaircase.minimumPercent)
        // The floor is finer than a drummer's few milliseconds at every training tempo.
        let fastest = try! Tempo(bpm: 200)
        #expect(TimingStaircase.minimumPercent / 100 * fastest.sixteenth * 1000 < 0.2)
    }

    @Test("early and late alternate by their counts per tempo band; a tie is a coin flip")
    func balance() throws {
        var staircase = TimingStaircase()
        var generator = SeededRandomGenerator(seed: 7)
        let settings = TimingSettings.defaults
        var directions: [TimingDirection] = []
        for _ in 0..<20 {
            directions.append(staircase.nextTrial(settings: settings, last: nil, using: &generator).direction)
        }
        #expect(directions.count { $0 == .early } == 10)
        for pair in stride(from: 0, to: 20, by: 2) { #expect(directions[pair] != directions[pair + 1]) }
        // Counts from another band do not tip this one.
        staircase.count(.early, in: .fast)
        staircase.count(.early, in: .fast)
        #expect(staircase.count(of: .early, in: .moderate) == 10)
        let fast = try TimingSettings(tempo: Tempo(bpm: 160))
        #expect(staircase.nextTrial(settings: fast, last: nil, using: &generator).direction == .late)
    }

    @Test("the offset click is early or late by its share of a sixteenth; the others fall on the grid")
    func clickTimes() throws {
        let trial = OffsetDetectionTrial(
            tempo: .standard, offsetPercent: 10, direction: .early, offsetPosition: 3)
        #expect(abs(trial.offsetMs - -18.75) < 1e-9)
        let times = trial.clickTimes
        #expect(times.count == 4)
        #expect(times[0] == 0)
        #expect(abs(times[1] - 0.1875) < 1e-12)
        #expect(abs(times[2] - (0.375 - 0.01875)) < 1e-12)
        #expect(abs(times[3] - 0.5625) < 1e-12)
        let late = OffsetDetectionTrial(
            tempo: try Tempo(bpm: 120), offsetPercent: 4, direction: .late, offsetPosition: 4)
        #expect(abs(late.offsetMs - 5) < 1e-9)
    }

    @Test("settings refuse tempos, offset clicks and gap positions outside their ranges")
    func settingsChecks() throws {
        #expect(throws: DomainValueError.tempoOutOfRange(39)) { try Tempo(bpm: 39) }
        #expect(throws: DomainValueError.tempoOutOfRange(201)) { try Tempo(bpm: 201) }
        #expect(throws: DomainValueError.offsetClickOutOfRange(1)) { try TimingSettings(offsetClick: 1) }
        #expect(throws: DomainValueError.invalidGapPositions([])) { try TimingSettings(gapPositions: []) }
        #expect(throws: DomainValueError.invalidGapPositions([0])) { try TimingSettings(gapPositions: [0]) }
        #expect(throws: DomainValueError.invalidGapPositions([1, 2, 3, 4])) {
            try TimingSettings(gapPositions: [1, 2, 3, 4])
        }
        #expect(try TimingSettings(gapPositions: [4, 2, 4]).gapPositions == [2, 4])
        #expect(try TimingSettings.parseGapPositions(" 2, 4") == [2, 4])
        #expect(throws: DomainValueError.invalidGapPositionsText("2;4")) {
            try TimingSettings.parseGapPositions("2;4")
        }
        #expect(TempoBand(bpm: 79) == .slow)
        #expect(TempoBand(bpm: 80) == .moderate)
        #expect(TempoBand(bpm: 120) == .fast)
    }
}
