// MIDILearnTests: the learn flow with scripted input, and what it makes of tune controls.

import PeachMIDI
import Testing

@Suite("MIDI learn")
struct MIDILearnTests {
    @Test(
        "keys, a pedal and the wheel: releases are ignored, a used control is refused, the profile is built")
    func keyboardFlow() throws {
        var learn = MIDILearn()
        #expect(learn.currentStep == .action(.higher))
        #expect(learn.handle(.realTime(.timingClock)) == .ignored)
        #expect(learn.handle(.pitchBend(channel: 0, value: 100)) == .ignored)  // not a switch
        #expect(learn.handle(.noteOn(channel: 0, note: 72, velocity: 90)) == .learned(.action(.higher)))
        #expect(learn.handle(.noteOff(channel: 0, note: 72, velocity: 0)) == .ignored)
        #expect(
            learn.handle(.noteOn(channel: 0, note: 72, velocity: 90)) == .alreadyUsed(by: .action(.higher)))
        #expect(learn.handle(.noteOn(channel: 0, note: 48, velocity: 90)) == .learned(.action(.lower)))
        #expect(
            learn.handle(.controlChange(channel: 0, controller: 64, value: 127)) == .learned(.action(.commit))
        )
        // The pedal's release comes during the next step: ignored.
        #expect(learn.handle(.controlChange(channel: 0, controller: 64, value: 0)) == .ignored)
        #expect(learn.handle(.pitchBend(channel: 0, value: 1500)) == .learned(.tune))
        #expect(learn.isComplete)
        let profile = learn.profile(name: "mine", description: "d", devices: ["Keystep"])
        #expect(
            profile.switches == [
                SwitchMapping(.note(72), channel: 0, action: .higher),
                SwitchMapping(.note(48), channel: 0, action: .lower),
                SwitchMapping(.controller(64), channel: 0, action: .commit),
            ])
        #expect(profile.tune == TuneMapping(.pitchBend(cents: 200, commitOnCentre: false), channel: 0))
        #expect(profile.devices == ["Keystep"])
        // What learn writes reads back as the same profile.
        let again = try ControllerProfile(json: .init(profile.jsonText.utf8), name: "mine", path: "x")
        #expect(again == profile)
    }

    @Test("a pedal whose first value is low is learned as inverted; program changes are switches")
    func invertedAndPrograms() {
        var learn = MIDILearn(steps: [.action(.lower), .action(.stop)])
        #expect(
            learn.handle(.controlChange(channel: 3, controller: 67, value: 0)) == .learned(.action(.lower)))
        // The inverted pedal's release: ignored.
        #expect(learn.handle(.controlChange(channel: 3, controller: 67, value: 127)) == .ignored)
        #expect(
            learn.handle(.controlChange(channel: 3, controller: 67, value: 0))
                == .alreadyUsed(by: .action(.lower)))
        #expect(learn.handle(.programChange(channel: 0, program: 5)) == .learned(.action(.stop)))
        let profile = learn.profile(name: "p", description: "", devices: [])
        #expect(profile.switches[0].press == PressRule(threshold: 64, inverted: true))
        #expect(profile.switches[1] == SwitchMapping(.program(5), channel: 0, action: .stop))
    }

    static let tuneCases: [(messages: [(Int, Int)], expected: TuneControl)] = [
        ([(1, 10), (1, 12), (1, 15), (1, 20), (1, 26), (1, 33)], TuneControl.controller(1, cents: 200)),
        (
            [(2, 1), (2, 1), (2, 2), (2, 127), (2, 127), (2, 1)],
            TuneControl.encoder(2, encoding: .twosComplement, centsPerStep: 0.5)
        ),
        (
            [(3, 65), (3, 65), (3, 63), (3, 63), (3, 66), (3, 65)],
            TuneControl.encoder(3, encoding: .binaryOffset, centsPerStep: 0.5)
        ),
        (
            [(4, 1), (4, 2), (4, 65), (4, 66), (4, 1), (4, 65)],
            TuneControl.encoder(4, encoding: .signMagnitude, centsPerStep: 0.5)
        ),
        ([(7, 20), (39, 0), (7, 20), (39, 40), (7, 21), (39, 3)], TuneControl.controller14(7, cents: 200)),
        ([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)], TuneControl.controller(0, cents: 200)),
    ]

    @Test(
        "tune: watches a controller, then tells a fader from a 14-bit fader and the encoder kinds",
        arguments: tuneCases)
    func tuneKinds(messages: [(Int, Int)], expected: TuneControl) {
        var learn = MIDILearn(steps: [.tune])
        var outcomes: [LearnOutcome] = []
        for (controller, value) in messages {
            outcomes.append(
                learn.handle(.controlChange(channel: 0, controller: UInt8(controller), value: UInt8(value))))
        }
        #expect(outcomes.last == .learned(.tune))
        #expect(outcomes.dropLast().allSatisfy { $0 == .listening })
        #expect(
            learn.profile(name: "t", description: "", devices: []).tune == TuneMapping(expected, channel: 0))
    }

    @Test("step names read back")
    func stepNames() {
        for step in LearnStep.defaults + SwitchAction.allCases.map(LearnStep.action) {
            #expect(LearnStep(name: step.description) == step)
            #expect(step.prompt.hasSuffix("…"))
        }
        #expect(LearnStep(name: "louder") == nil)
    }
}
