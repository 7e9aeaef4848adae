// SimulationTests: `peach simulate --save` stores every answer, and reports it saved only when it did.

import Foundation
import PeachCore
import PeachTestSupport
import PeachTraining
import Testing

@testable import PeachStore

@MainActor
@Suite("Simulation")
struct SimulationTests {
    static func simulation() -> Simulation {
        Simulation(
            mode: .comparison, parameters: SimulatedListener.Parameters(threshold: 8), settings: .defaults,
            trials: 20, seed: 3)
    }

    @Test(
        "a saved run says where its answers are; a run whose store fills up says what failed and not 'saved'")
    func savedOnlyWhenStored() throws {
        let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var errors: [String] = []
        let store = try JournalStore(directory: folder)
        let report = RecordingSimulationReporter()
        let stored = Self.simulation().run(
            start: Date(timeIntervalSince1970: 1_800_000_000), store: store, report: report,
            error: { errors.append($0) })
        #expect(stored && errors.isEmpty && report.failures.isEmpty)
        #expect(report.saves.map(\.path) == [folder + "/records.jsonl"] && report.saves.map(\.total) == [20])

        let full = open("/dev/full", O_WRONLY)
        #expect(full >= 0)
        #expect(dup2(full, store.file.descriptor) >= 0)  // from now on every write finds the disk full
        close(full)
        let failing = RecordingSimulationReporter()
        let failed = Self.simulation().run(
            start: Date(timeIntervalSince1970: 1_800_001_000), store: store, report: failing,
            error: { errors.append($0) })
        #expect(!failed)
        #expect(failing.saves.isEmpty, "not reported saved")
        let diskFull = failing.failures.allSatisfy {
            if case StoreError.io(let error) = $0 { error.isDiskFull } else { false }
        }
        #expect(!failing.failures.isEmpty && diskFull, "\(failing.failures)")
    }

    @Test(
        "nothing outlives a simulation's run: its store goes when the run ends, in every mode, so the snapshot written on another thread is waited for before the process exits"
    )
    func storeGoesAfterTheRun() throws {
        var inTempo = PlayBackOptions(kind: .melodies)
        inTempo.inTempo = true
        let modes: [(SimulationMode, PlayBackOptions?)] =
            SimulationMode.allCases.map { ($0, nil) } + [(.playBack(.melodies), inTempo)]
        for (mode, playBack) in modes {
            let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: folder) }
            weak var weakStore: JournalStore?
            do {
                let store = try JournalStore(directory: folder)
                weakStore = store
                let simulation = Simulation(
                    mode: mode, parameters: SimulatedListener.Parameters(threshold: 8), settings: .defaults,
                    trials: 3, seed: 3, playBack: playBack)
                #expect(
                    simulation.run(
                        start: Date(timeIntervalSince1970: 1_800_000_000), store: store,
                        report: RecordingSimulationReporter(), error: { _ in }))
                #expect(store.contents.recordCount >= 3, "\(mode)")
            }
            #expect(weakStore == nil, "\(mode): something still holds the store")
        }
    }

    @Test(
        "a placement asks each item once in order: a perfect player has all 37 in play after 37 answers; a 60 % one stops early"
    )
    func placement() throws {
        func placed(accuracy: Double) -> RecordingSimulationReporter {
            var options = PlayBackOptions(kind: .intervals)
            options.placement = true
            let report = RecordingSimulationReporter()
            _ = Simulation(
                mode: .playBack(.intervals), parameters: SimulatedListener.Parameters(), settings: .defaults,
                trials: 60,
                seed: 5, player: SimulatedPlayer(defaultAccuracy: accuracy), playBack: options
            ).run(
                start: Date(timeIntervalSince1970: 1_800_000_000), store: nil, report: report, error: { _ in }
            )
            return report
        }
        let perfect = placed(accuracy: 1)
        #expect(perfect.placements.map(\.inPlay) == [37] && perfect.placements.map(\.answered) == [37])
        #expect(
            perfect.playBacks.prefix(37).map(\.question.item) == PlayBackItem.catalogue(of: .intervals),
            "in the catalogue's order")
        let weak = placed(accuracy: 0.6)
        #expect((weak.placements.first?.inPlay ?? 99) <= 12, "\(weak.placements)")
    }

    @Test(
        "timing: a listener of 6 ms answers 600 trials and the fit finds about 6 ms; saved as rhythm records")
    func timing() throws {
        let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try JournalStore(directory: folder)
        let report = RecordingSimulationReporter()
        let simulation = Simulation(
            mode: .timing, parameters: SimulatedListener.Parameters(threshold: 6, slope: 2.5),
            settings: .defaults,
            trials: 600, seed: 9, timing: try TimingSettings(tempo: Tempo(bpm: 100)))
        #expect(
            simulation.run(
                start: Date(timeIntervalSince1970: 1_800_000_000), store: store, report: report,
                error: { _ in }))
        let threshold = try #require(store.contents.timing.threshold(band: .moderate))
        #expect(
            threshold.milliseconds > 6 / 1.3 && threshold.milliseconds < 6 * 1.3, "\(threshold.milliseconds)")
        #expect(store.contents.rhythmCount == 600)
        #expect(report.offsetDetectionHistory != nil, "the summary was given")
        #expect(report.saves.map(\.total) == [600])
    }

    @Test("fill the gap: a player 4 ms early with 9 ms of spread is read as about 4 ms early, trial by trial")
    func tap() throws {
        let report = RecordingSimulationReporter()
        let simulation = Simulation(
            mode: .tap,
            parameters: SimulatedListener.Parameters(lapseRate: 0, matchingBias: -4, matchingSpread: 9),
            settings: .defaults, trials: 40, seed: 4)
        #expect(
            simulation.run(
                start: Date(timeIntervalSince1970: 1_800_000_000), store: nil, report: report,
                error: { _ in }))
        #expect(report.gapFills.count == 40 && report.gapFills.allSatisfy { $0.strikes.count == 16 })
        let mean = try #require(report.gapFillStrikes?.meanIfAny)
        #expect(abs(mean - -4) < 1, "\(mean)")
    }

    @Test("a simulated player who confuses M3 and m3 is found by the profile: weakest items, confusion table")
    func confuserFound() throws {
        let third = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: false)
        let minor = PlayBackItem.interval(DirectedInterval(.minorThird), harmonic: false)
        let fifth = PlayBackItem.interval(DirectedInterval(.perfectFifth), harmonic: false)
        let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try JournalStore(directory: folder)
        let report = RecordingSimulationReporter()
        let simulation = Simulation(
            mode: .playBack(.intervals), parameters: SimulatedListener.Parameters(threshold: 8),
            settings: .defaults,
            trials: 150, seed: 5, player: .confusesThirds,
            playBack: PlayBackOptions(kind: .intervals, items: [third, minor, fifth]))
        #expect(
            simulation.run(start: Date(timeIntervalSince1970: 1_800_000_000), store: store, report: report) {
                _ in
            })
        #expect(report.playBacks.count == 150)
        // The stored answers rebuild the same profile the run kept.
        let contents = try JournalStore.read(directory: folder)
        #expect(contents.playBackCount == 150 && contents.playBack == report.playBackHistory)
        let history = contents.playBack
        #expect(Set(history.weakest(of: .intervals).prefix(2).map(\.item)) == [third, minor])
        let confusions = history.confusions(of: .intervals).prefix(2)
        #expect(Set(confusions.map { "\($0.asked.id)=\($0.heardAs)" }) == ["M3=m3", "m3=M3"])
        // The adaptive choice asked the weak items more often than the strong one.
        let fifths = report.playBacks.count { $0.question.item == fifth }
        #expect(fifths < 150 / 3, "\(fifths)")
    }

    @Test(
        "a one-octave note range still asks degrees and melodies, a fixed key too: the cadence's bass below it"
    )
    func narrowRange() throws {
        let octave = try TrainingSettings(noteRange: NoteRange(48, 60))
        for (kind, key) in [
            (PlayBackKind.degrees, DegreeKey.random), (.degrees, DegreeKey(parsing: "F#")),
            (.melodies, .random),
        ] {
            var options = PlayBackOptions(kind: kind)
            options.degreeKey = try #require(key)
            let report = RecordingSimulationReporter()
            let simulation = Simulation(
                mode: .playBack(kind),
                parameters: SimulatedListener.Parameters(threshold: 8),
                settings: octave, trials: 12, seed: 3, player: SimulatedPlayer(defaultAccuracy: 0.9),
                playBack: options)
            #expect(
                simulation.run(start: Date(timeIntervalSince1970: 1_800_000_000), store: nil, report: report)
                { _ in })
            #expect(
                report.playBacks.count == 12 && !report.hadNothingToAsk, "\(kind) \(String(describing: key))")
            if kind == .melodies {
                #expect(
                    report.playBacks.allSatisfy {
                        $0.question.answerNotes.allSatisfy { (48...60).contains($0.rawValue) }
                    })
            }
        }
    }

    @Test(
        "a player who hears ♭6 as 5 is found by the profile; a melody player's fading memory shows by place in the phrase"
    )
    func degreesAndMelodiesFound() throws {
        let flatSix = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 8))
        let five = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 7))
        let three = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 4))
        let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try JournalStore(directory: folder)
        let confuser = SimulatedPlayer(accuracy: [flatSix: 0.4], confusions: [flatSix: five])
        let degrees = Simulation(
            mode: .playBack(.degrees), parameters: SimulatedListener.Parameters(threshold: 8),
            settings: .defaults,
            trials: 150, seed: 5, player: confuser,
            playBack: PlayBackOptions(kind: .degrees, items: [flatSix, five, three]))
        #expect(
            degrees.run(
                start: Date(timeIntervalSince1970: 1_800_000_000), store: store,
                report: RecordingSimulationReporter()
            ) { _ in })
        let steps6 = PlayBackItem.melody(MelodyLevel.curriculum[5])  // leaps6
        let fading = SimulatedPlayer(defaultAccuracy: 0.98, positionDecay: 0.08)
        let melodies = Simulation(
            mode: .playBack(.melodies), parameters: SimulatedListener.Parameters(threshold: 8),
            settings: .defaults,
            trials: 150, seed: 6, player: fading, playBack: PlayBackOptions(kind: .melodies, items: [steps6]))
        #expect(
            melodies.run(
                start: Date(timeIntervalSince1970: 1_800_100_000), store: store,
                report: RecordingSimulationReporter()
            ) { _ in })
        let history = try JournalStore.read(directory: folder).playBack
        let confusion = try #require(history.confusions(of: .degrees).first)
        #expect(confusion.asked == flatSix && confusion.heardAs == five.id && confusion.count > 40)
        // Right about 98 % at the first note, 58 % at the sixth.
        let first = try #require(history.melodyPositions[1])
        let sixth = try #require(history.melodyPositions[6])
        #expect(first.answers == 150 && sixth.answers == 150)
        #expect(Double(first.correct) / 150 > 0.9 && Double(sixth.correct) / 150 < 0.7)
    }

    @Test(
        "melodies in tempo: each note struck at its place with the player's bias and spread; the offsets stored"
    )
    func melodiesInTempo() throws {
        var player = SimulatedPlayer(defaultAccuracy: 0.9)
        player.timingBias = -0.015
        player.timingSpread = 0.01
        var options = PlayBackOptions(kind: .melodies, items: [.melody(MelodyLevel.curriculum[0])])
        options.inTempo = true
        let report = RecordingSimulationReporter()
        let timing = try TimingSettings(tempo: Tempo(bpm: 100))
        let simulation = Simulation(
            mode: .playBack(.melodies), parameters: SimulatedListener.Parameters(threshold: 8),
            settings: .defaults,
            trials: 40, seed: 9, timing: timing, player: player,
            playBack: options)
        #expect(
            simulation.run(start: Date(timeIntervalSince1970: 1_800_200_000), store: nil, report: report) {
                _ in
            })
        #expect(report.playBacks.count == 40 && report.playBacks.allSatisfy { $0.tempo?.bpm == 100 })
        let offsets = report.playBacks.flatMap { $0.noteOffsets.compactMap { $0 } }
        #expect(offsets.count > 100)
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        #expect(abs(mean + 0.015) < 0.004 && offsets.allSatisfy { abs($0 + 0.015) < 0.06 }, "\(mean)")
    }
}
