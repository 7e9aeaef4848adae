// IntervalOverMIDITests: intervals in every tuning reach an external synth as exactly as MIDI can carry them.

import PeachCore
import PeachMIDI
import PeachTestSupport
import Testing

@MainActor
@Suite("Intervals on an external synth")
struct IntervalOverMIDITests {
    /// Each way of tuning an external synth, and half its step in cents.
    nonisolated static let configurations: [(MIDISynthConfiguration, Double)] = [
        (MIDISynthConfiguration(channels: [0, 1], bendRangeSemitones: 2), 200.0 / 8192 / 2),
        (MIDISynthConfiguration(channels: [0, 1], bendRangeSemitones: 1), 100.0 / 8192 / 2),
        (MIDISynthConfiguration(channels: [0, 1], tuning: .tuningStandard(program: 0)), 100.0 / 16384 / 2),
    ]

    /// The pitch (fractional MIDI key) the messages of one note ask for.
    static func soundingKey(_ messages: [MIDIMessage], bendRange: Double) -> Double? {
        var bend = 0.0
        var tuned: Double?
        for message in messages {
            switch message {
            case .pitchBend(_, let value): bend = Double(value) / 8192 * bendRange
            case .systemExclusive(let bytes) where bytes.count == 10:
                tuned = Double(bytes[7]) + Double(Int(bytes[8]) << 7 | Int(bytes[9])) / 16384
            case .noteOn(_, let note, _): return tuned ?? Double(note) + bend
            default: break
            }
        }
        return nil
    }

    @Test(
        "every interval and tuning, up and down: each note within half a step of MIDI's resolution (bend ±2: 0.0122 cent, ±1: 0.0061, MTS: 0.0031), so the interval within two; MTS within 0.01 cent",
        arguments: IntervalOverMIDITests.configurations)
    func exact(configuration: MIDISynthConfiguration, tolerance: Double) throws {
        let tuning = EqualTemperament(referencePitch: 442)
        var worst = 0.0
        for system in TuningSystem.allCases {
            for semitones in -12...12 {
                let comparison = Comparison(
                    note1: 60, note2: try MIDINote(validating: 60 + semitones), centDifference: 3.37,
                    tuningSystem: system)
                let keys = try [comparison.note1Frequency(in: tuning), comparison.note2Frequency(in: tuning)]
                    .map {
                        frequency in
                        let destination = RecordingMIDIDestination()
                        let player = try MIDINotePlayer(
                            destination: destination, configuration: configuration)
                        destination.clear()
                        _ = try player.play(frequency: frequency, velocity: 63, amplitude: .nominal)
                        return try #require(
                            Self.soundingKey(
                                destination.messages, bendRange: Double(configuration.bendRangeSemitones)))
                    }
                let exact = [comparison.note1Frequency(in: tuning), comparison.note2Frequency(in: tuning)].map
                {
                    MIDITuningMessages.fractionalKey(of: $0)
                }
                for (key, target) in zip(keys, exact) {
                    #expect(abs(key - target) * 100 <= tolerance + 1e-9, "\(system) \(semitones)")
                }
                let expected = system.cents(of: DirectedInterval(semitones: semitones)!) + 3.37
                let error = abs((keys[1] - keys[0]) * 100 - expected)
                worst = max(worst, error)
                #expect(error <= 2 * tolerance + 1e-9, "\(system) \(semitones): \(error) cents")
                if case .tuningStandard = configuration.tuning { #expect(error < 0.01) }
            }
        }
        #expect(worst > 0)  // the rounding is really there: the check can fail
    }
}
