// ControllerMapperTests: switches, press rules, footswitch gestures (with made-up times) and tune controls.

import PeachCore
import PeachMIDI
import Testing

@Suite("Controller mapper")
struct ControllerMapperTests {
    func run(
        _ profile: ControllerProfile, _ messages: [(Double, MIDIMessage)], longPress: Double = 0.4
    )
        -> [ControllerAction]
    {
        var mapper = ControllerMapper(profile: profile, longPressThreshold: longPress)
        return messages.flatMap { mapper.actions(for: MIDIEvent($0.1, at: $0.0)) }
    }

    @Test(
        "default profile: keys from C4 up answer Higher, below Lower; sustain commits; note-offs do nothing")
    func defaultProfile() {
        let actions = run(
            .builtInDefault,
            [
                (0, .noteOn(channel: 0, note: 60, velocity: 90)),
                (0.1, .noteOff(channel: 0, note: 60, velocity: 0)),
                (0.2, .noteOn(channel: 5, note: 59, velocity: 1)),
                (0.3, .controlChange(channel: 0, controller: 64, value: 127)),
                (0.4, .controlChange(channel: 0, controller: 64, value: 0)),
                (0.5, .noteOn(channel: 0, note: 127, velocity: 5)),
                (0.6, .noteOn(channel: 0, note: 0, velocity: 5)),
            ])
        #expect(
            actions == [
                .press(.higher, input: .midiNote), .press(.lower, input: .midiNote),
                .press(.commit, input: .midiSwitch),
                .press(.higher, input: .midiNote), .press(.lower, input: .midiNote),
            ])
    }

    @Test(
        "a continuous pedal hovering near the threshold presses once; it releases below threshold − hysteresis"
    )
    func hysteresis() {
        let profile = ControllerProfile(
            name: "t", switches: [SwitchMapping(.controller(64), action: .commit)])
        let values: [UInt8] = [10, 63, 64, 70, 60, 55, 66, 54, 53, 64, 127]
        let actions = run(
            profile,
            values.enumerated().map {
                (Double($0.offset), .controlChange(channel: 0, controller: 64, value: $0.element))
            })
        // Pressed at 64; 60/55 stay pressed; released at 53 (below 54); pressed again at 64.
        #expect(actions == [.press(.commit, input: .midiSwitch), .press(.commit, input: .midiSwitch)])
    }

    @Test("an inverted pedal presses when its value falls")
    func inverted() {
        let profile = ControllerProfile(
            name: "t",
            switches: [
                SwitchMapping(
                    .controller(67), action: .lower, press: PressRule(threshold: 64, inverted: true))
            ])
        let actions = run(
            profile,
            [
                (0, .controlChange(channel: 0, controller: 67, value: 127)),
                (1, .controlChange(channel: 0, controller: 67, value: 0)),
                (2, .controlChange(channel: 0, controller: 67, value: 127)),
                (3, .controlChange(channel: 0, controller: 67, value: 0)),
            ])
        #expect(actions == [.press(.lower, input: .midiSwitch), .press(.lower, input: .midiSwitch)])
    }

    @Test("channel, velocity threshold and program rules")
    func channelsAndPrograms() {
        let profile = ControllerProfile(
            name: "t",
            switches: [
                SwitchMapping(.note(36), channel: 9, action: .replay, press: PressRule(threshold: 40)),
                SwitchMapping(.program(3), action: .startPitchMatching),
                SwitchMapping(.program(nil), action: .stop),
            ])
        let actions = run(
            profile,
            [
                (0, .noteOn(channel: 0, note: 36, velocity: 100)),
                (0, .noteOn(channel: 9, note: 36, velocity: 20)),
                (0, .noteOff(channel: 9, note: 36, velocity: 0)),
                (0, .noteOn(channel: 9, note: 36, velocity: 41)),
                (0, .programChange(channel: 0, program: 3)), (0, .programChange(channel: 2, program: 9)),
            ])
        #expect(
            actions == [
                .press(.replay, input: .midiNote), .press(.startPitchMatching, input: .midiSwitch),
                .press(.stop, input: .midiSwitch),
            ])
    }

    @Test("single footswitch: short press Higher, long press Lower, taken at release; threshold is a setting")
    func gesture() {
        let profile = ControllerProfile(
            name: "t",
            switches: [SwitchMapping(.controller(64), response: .gesture(short: .higher, long: .lower))])
        func press(at start: Double, for seconds: Double) -> [(Double, MIDIMessage)] {
            [
                (start, .controlChange(channel: 0, controller: 64, value: 127)),
                (start + seconds, .controlChange(channel: 0, controller: 64, value: 0)),
            ]
        }
        #expect(run(profile, press(at: 10, for: 0.15)) == [.press(.higher, input: .midiSwitch)])
        #expect(run(profile, press(at: 10, for: 0.4)) == [.press(.lower, input: .midiSwitch)])
        #expect(
            run(profile, press(at: 10, for: 0.39) + press(at: 11, for: 1.2)) == [
                .press(.higher, input: .midiSwitch), .press(.lower, input: .midiSwitch),
            ])
        #expect(
            run(profile, press(at: 10, for: 0.5), longPress: 0.8) == [.press(.higher, input: .midiSwitch)])
        // Pressed only: nothing yet.
        #expect(run(profile, [(0, .controlChange(channel: 0, controller: 64, value: 127))]).isEmpty)
    }

    @Test("a gesture on a key works by note-on and note-off")
    func noteGesture() {
        let profile = ControllerProfile(
            name: "t", switches: [SwitchMapping(.note(60), response: .gesture(short: .replay, long: .stop))])
        let actions = run(
            profile,
            [
                (0, .noteOn(channel: 0, note: 60, velocity: 80)),
                (1, .noteOff(channel: 0, note: 60, velocity: 0)),
            ])
        #expect(actions == [.press(.stop, input: .midiNote)])
    }
}

@Suite("Tune controls")
struct TuneControlTests {
    func moves(
        _ control: TuneControl, _ messages: [MIDIMessage], times: [Double]? = nil
    ) -> [ControllerAction] {
        var mapper = ControllerMapper(
            profile: ControllerProfile(name: "t", switches: [], tune: TuneMapping(control)))
        return messages.enumerated().flatMap { index, message in
            mapper.actions(for: MIDIEvent(message, at: times?[index] ?? Double(index)))
        }
    }

    func total(_ actions: [ControllerAction]) -> Double {
        actions.reduce(0) { sum, action in
            if case .tune(let cents, _) = action { return sum + cents.rawValue }
            return sum
        }
    }

    @Test(
        "pitch bend: moves from centre; full deflection is the profile's cents; back to centre is back to start"
    )
    func pitchBend() {
        let control = TuneControl.pitchBend(cents: 200, commitOnCentre: false)
        #expect(abs(total(moves(control, [.pitchBend(channel: 0, value: 4096)])) - 100) < 1e-9)
        #expect(abs(total(moves(control, [.pitchBend(channel: 0, value: -8192)])) + 200) < 1e-9)
        let there = moves(
            control,
            [
                .pitchBend(channel: 0, value: 3000), .pitchBend(channel: 0, value: -100),
                .pitchBend(channel: 0, value: 0),
            ])
        #expect(abs(total(there)) < 1e-9)
        #expect(there.allSatisfy { $0.input == .pitchBend })
        // One 14-bit step at ±200 cents is 0.024 cents.
        #expect(abs(total(moves(control, [.pitchBend(channel: 0, value: 1)])) - 0.0244) < 0.0001)
    }

    @Test("a fader's first value only says where it is: no jump, a tap cannot land on the answer")
    func faderJumpFree() {
        let control = TuneControl.controller(7, cents: 127)
        #expect(moves(control, [.controlChange(channel: 0, controller: 7, value: 100)]).isEmpty)
        let actions = moves(
            control,
            [
                .controlChange(channel: 0, controller: 7, value: 100),
                .controlChange(channel: 0, controller: 7, value: 90),
            ])
        #expect(actions == [.tune(-10, input: .fader)])
        #expect(moves(control, [.controlChange(channel: 0, controller: 8, value: 1)]).isEmpty)
    }

    @Test("14-bit fader: coarse then fine; coarse alone moves when no fine value has been seen")
    func fourteenBit() {
        let control = TuneControl.controller14(1, cents: 16383)
        let actions = moves(
            control,
            [
                .controlChange(channel: 0, controller: 1, value: 10),
                .controlChange(channel: 0, controller: 33, value: 0),
                .controlChange(channel: 0, controller: 1, value: 10),
                .controlChange(channel: 0, controller: 33, value: 5),
                .controlChange(channel: 0, controller: 1, value: 11),
                .controlChange(channel: 0, controller: 33, value: 0),
            ])
        // 10<<7 (from coarse alone) → 1280 (fine 0: no move) → 1285 (+5) → 1408 (+123).
        #expect(actions == [.tune(5, input: .fader), .tune(123, input: .fader)])
        let coarseOnly = moves(
            control,
            [
                .controlChange(channel: 0, controller: 1, value: 10),
                .controlChange(channel: 0, controller: 1, value: 12),
            ])
        #expect(coarseOnly == [.tune(256, input: .fader)])
    }

    @Test(
        "relative encoders in every encoding",
        arguments: [
            (RelativeEncoding.twosComplement, [1, 3, 127, 125], [1, 3, -1, -3]),
            (RelativeEncoding.binaryOffset, [65, 67, 63, 61], [1, 3, -1, -3]),
            (RelativeEncoding.signMagnitude, [1, 3, 65, 67], [1, 3, -1, -3]),
        ])
    func encoders(encoding: RelativeEncoding, values: [Int], steps: [Int]) {
        let actions = moves(
            .encoder(16, encoding: encoding, centsPerStep: 0.5),
            values.map { .controlChange(channel: 0, controller: 16, value: UInt8($0)) })
        #expect(actions == steps.map { .tune(Cents(Double($0) * 0.5), input: .encoder) })
    }

    @Test("spring-back commit: letting go of the wheel commits where it was held, not where it springs")
    func springBack() {
        let control = TuneControl.pitchBend(cents: 200, commitOnCentre: true)
        // Pushed to 2048 over a second, held, then released: 2048 → 1500 → 700 → 0 within 30 ms.
        let values: [Int16] = [500, 1200, 2048, 2048, 1500, 700, 0]
        let times = [0.0, 0.5, 1.0, 2.0, 2.01, 2.02, 2.03]
        let actions = moves(control, values.map { .pitchBend(channel: 0, value: $0) }, times: times)
        #expect(actions.last == .press(.commit, input: .pitchBend))
        #expect(abs(total(actions) - 50) < 1e-9)  // 2048 of 8192 at 200 cents
        // A small wobble around centre never commits.
        let wobble = moves(control, [100, 600, 0, -700, 0].map { .pitchBend(channel: 0, value: $0) })
        #expect(!wobble.contains(.press(.commit, input: .pitchBend)))
        // Without commitOnCentre the wheel just goes back.
        let plain = moves(
            .pitchBend(cents: 200, commitOnCentre: false), values.map { .pitchBend(channel: 0, value: $0) },
            times: times)
        #expect(!plain.contains(.press(.commit, input: .pitchBend)))
        #expect(abs(total(plain)) < 1e-9)
    }

    @Test("the tune control comes before switches; a channel-bound tune ignores other channels")
    func precedence() {
        let profile = ControllerProfile(
            name: "t", switches: [SwitchMapping(.controller(1), action: .commit)],
            tune: TuneMapping(.controller(1, cents: 127), channel: 2))
        var mapper = ControllerMapper(profile: profile)
        _ = mapper.actions(for: MIDIEvent(.controlChange(channel: 2, controller: 1, value: 0), at: 0))
        #expect(
            mapper.actions(for: MIDIEvent(.controlChange(channel: 2, controller: 1, value: 5), at: 1)) == [
                .tune(5, input: .fader)
            ])
        #expect(
            mapper.actions(for: MIDIEvent(.controlChange(channel: 0, controller: 1, value: 100), at: 2)) == [
                .press(.commit, input: .midiSwitch)
            ])
    }
}
