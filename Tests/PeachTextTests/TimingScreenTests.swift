// TimingScreenTests: how timing training's events, endings and refusals read on the screen.

import Foundation
import PeachAudio
import PeachCore
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@MainActor
@Suite("Timing training on the screen")
struct TimingScreenTests {
    static func screen(_ language: Language = .english) -> (TerminalScreen, RecordingScreenOutput) {
        let output = RecordingScreenOutput()
        return (
            TerminalScreen(texts: Texts(language: language), output: output, isTerminal: false, color: false),
            output
        )
    }

    @Test(
        "peach devices says which outputs timing does not train through: a sound server's, and Peach's JACK")
    func devicesSayNotForTiming() {
        var listing = DeviceListing(input: .keyboard, output: .internalSynth, profile: .builtInDefault)
        listing.audioOutputs = [
            AudioOutputEntry(
                name: "hw:CARD=PCH,DEV=0", description: "HDA Intel PCH", stack: .hardware, holder: nil),
            AudioOutputEntry(
                name: "pipewire", description: "PipeWire Sound Server", stack: .pipeWire, holder: nil,
                trainsTiming: false),
        ]
        listing.jackClientAvailable = true
        let lines = Texts(language: .english).devices(listing)
        #expect(lines.contains("    hw:CARD=PCH,DEV=0  HDA Intel PCH · through the sound card"), "\(lines)")
        #expect(
            lines.contains("    pipewire           PipeWire Sound Server · through PipeWire, not for timing"),
            "\(lines)")
        #expect(
            lines.contains(
                "  Also: jack (Peach's own JACK client; not for timing), null (silence), wav:FILE (a file)."))
    }

    @Test("the screen shows timing trials, answers and strikes in words and symbols")
    func trials() throws {
        let (screen, output) = Self.screen()
        let trial = OffsetDetectionTrial(
            tempo: .standard, offsetPercent: 10, direction: .early, offsetPosition: 3)
        var progress = TrainingProgress()
        progress.answered = 1
        progress.correct = 1
        let completed = CompletedOffsetDetection(trial: trial, answer: .early, timestamp: Date())
        screen.present(.offsetDetection(.answered(completed), progress), at: Date())
        progress.strikes = 1
        screen.present(
            .gapFill(.struck(GapStrike(position: 4, offsetMs: -12.34), trialStrikes: 1), progress), at: Date()
        )
        let tempo = Tempo.standard
        screen.present(
            .gapFill(.started(tempo, gapPositions: [2, 4], firstCycleAt: 0, pattern: nil), progress),
            at: Date())
        #expect(
            output.screen
                == "   1  ✔ Correct  step 3 was 18.8 ms early\n   1  ◀ 12.3 ms early\n"
                + "Fill the gap at 80 BPM: strike steps 2, 4 of every four.\n")
    }

    @Test("a dropout says which trial does not count, in each discipline")
    func dropout() {
        let (screen, output) = Self.screen()
        screen.present(.gapFill(.dropout(restartsAt: 1), TrainingProgress()), at: Date())
        screen.present(.offsetDetection(.dropout, TrainingProgress()), at: Date())
        #expect(
            output.screen
                == "The sound dropped out (an audio underrun): this trial's strikes do not count, and it starts again.\n"
                + "The sound dropped out (an audio underrun), so the clicks were out of time: this trial does not count.\n"
        )
    }

    @Test(
        "a calibration tells no fill-the-gap trial: its loop's sixteen cycles pass without a 'Sixteen cycles' line"
    )
    func calibrationTellsNoTrials() {
        for (mode, lines) in [(TrainingMode.calibration, 0), (.gapFill, 1)] {
            let (screen, output) = Self.screen()
            screen.present(.started(mode, profile: "default", output: "null", stack: nil), at: Date())
            let before = output.lines.count
            screen.present(.gapFill(.trialEmpty, TrainingProgress()), at: Date())
            #expect(output.lines.count - before == lines, "\(mode): \(output.lines)")
        }
    }

    @Test(
        "a calibrated strike shows its offset with the calibration taken off, and the raw one; so does the trial's mean"
    )
    func calibratedStrike() {
        let (screen, output) = Self.screen()
        var progress = TrainingProgress()
        progress.calibration = TimingCalibration(
            offsets: [12], controller: "Pads", output: "fake-synth", time: Date(timeIntervalSince1970: 0))
        progress.strikes = 1
        screen.present(.started(.gapFill, profile: "default", output: "fake-synth", stack: nil), at: Date())
        screen.present(
            .gapFill(.struck(GapStrike(position: 4, offsetMs: 20), trialStrikes: 1), progress), at: Date())
        #expect(output.screen.hasSuffix("   1  ▶ 8.0 ms late (raw +20.0 ms)\n"), "\(output.screen)")
        // The trial's mean too: on time once the calibration is off, not late by the chain's 12 ms.
        let strikes = (0..<16).map { GapStrike(position: 4, offsetMs: $0.isMultiple(of: 2) ? 11 : 13) }
        // The trial carries the calibration it was trained with (the session's, as its strikes had).
        let trial = CompletedGapFill(
            timestamp: Date(), tempo: .standard, strikes: strikes, gapCount: 16,
            calibrationMs: progress.calibration?.offsetMs)
        screen.present(.gapFill(.trialCompleted(trial), progress), at: Date())
        #expect(
            output.screen.hasSuffix(
                "Sixteen cycles: 16 of 16 gaps struck, mean 0.0 ms (raw +12.0 ms), on time.\n"),
            "\(output.screen)")
        // A mean a hair early of the calibration is on the dot: 0.0 ms, never -0.0 ms.
        let hair = CompletedGapFill(
            timestamp: Date(), tempo: .standard, strikes: strikes, gapCount: 16, calibrationMs: 12.01)
        screen.present(.gapFill(.trialCompleted(hair), progress), at: Date())
        #expect(
            output.screen.hasSuffix(
                "Sixteen cycles: 16 of 16 gaps struck, mean 0.0 ms (raw +12.0 ms), on time.\n"),
            "\(output.screen)")
        progress.calibration = nil
        let raw = CompletedGapFill(timestamp: Date(), tempo: .standard, strikes: strikes, gapCount: 16)
        screen.present(.gapFill(.trialCompleted(raw), progress), at: Date())
        #expect(
            output.screen.hasSuffix("Sixteen cycles: 16 of 16 gaps struck, mean 12.0 ms, a little late.\n"),
            "\(output.screen)")
    }

    @Test(
        "an echo's notes by beat; calibrated, its mean and notes have the calibration taken off, the raw mean after it; its events carry both, EN and DE"
    )
    func calibratedEcho() throws {
        let rhythm = try #require(EchoRhythm(text: "1:x 1:x 2:xx 1:x"))
        let echo = CompletedEcho(
            timestamp: Date(timeIntervalSince1970: 0), tempo: .standard, rhythm: rhythm, level: 1,
            onsets: [
                .init(beat: 0, offsetMs: 20), .init(beat: 1, offsetMs: 24), .init(beat: 2, offsetMs: nil),
                .init(beat: 2.5, offsetMs: 16), .init(beat: 3, offsetMs: 20),
            ], extras: 0)
        var progress = TrainingProgress()
        progress.answered = 1
        let (screen, output) = Self.screen()
        screen.present(.echo(.trialCompleted(echo), progress), at: Date())
        // Paired with a calibration, the echo carries it (the session's, read as it scored the bar).
        progress.calibration = TimingCalibration(
            offsets: [12], controller: "Pads", output: "fake-synth", time: Date(timeIntervalSince1970: 0))
        let calibrated = CompletedEcho(
            timestamp: echo.timestamp, tempo: echo.tempo, rhythm: echo.rhythm, level: echo.level,
            onsets: echo.onsets, extras: echo.extras, calibrationMs: progress.calibration?.offsetMs)
        screen.present(.echo(.trialCompleted(calibrated), progress), at: Date())
        // Each note by the beat it is on (1:x 1:x 2:xx 1:x), the miss as –.
        #expect(
            output.screen
                == "   1  ✔ Correct  4 of 5 notes, 0 extra · mean +20.0 ms, a little late · score 80 %\n"
                + "      ms by beat: 1: +20 · 2: +24 · 3: – +16 · 4: +20\n"
                + "   1  ✔ Correct  4 of 5 notes, 0 extra · mean +8.0 ms (raw +20.0 ms), a little late · score 80 %\n"
                + "      ms by beat, the calibration taken off: 1: +8 · 2: +12 · 3: – +4 · 4: +8\n",
            "\(output.screen)")
        let (german, words) = Self.screen(.german)
        german.present(.echo(.trialCompleted(calibrated), progress), at: Date())
        #expect(
            words.screen.hasSuffix(
                "4 von 5 Tönen, 0 zusätzlich · Mittel +8,0 ms (roh +20,0 ms), etwas zu spät · Wertung 80 %\n"
                    + "      ms nach Schlag, die Kalibrierung herausgerechnet: 1: +8 · 2: +12 · 3: – +4 · 4: +8\n"
            ),
            "\(words.screen)")
        var lines: [String] = []
        EventStreamPresenter { lines.append($0) }.present(
            .echo(.trialCompleted(calibrated), progress), at: Date())
        let objects = lines.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let onsets = objects.filter { $0["event"] as? String == "echoOnset" }
        #expect(onsets.map { $0["offsetMs"] as? Double } == [20, 24, nil, 16, 20])
        #expect(onsets.map { $0["calibratedOffsetMs"] as? Double } == [8, 12, nil, 4, 8])
        let result = try #require(objects.last)
        #expect(result["meanOffsetMs"] as? Double == 20 && result["calibratedMeanOffsetMs"] as? Double == 8)
    }

    @Test("a stopped tap run counts its strikes; a refused output says why")
    func endings() {
        let texts = Texts(language: .english)
        var progress = TrainingProgress()
        progress.strikes = 16
        #expect(
            texts.closing(.user, progress: progress, storeLocation: "/d")
                == "Stopped. 16 strikes counted. Nothing was stored: a fill-the-gap trial is kept once its 16 cycles are done."
        )
        progress.stored = 1
        #expect(
            texts.closing(.user, progress: progress, storeLocation: "/d")
                == "Stopped. 16 strikes counted. Your answers are saved: /d")
        #expect(
            texts.closing(.user, progress: TrainingProgress(), storeLocation: "/d")
                == "Stopped. Nothing was stored.")
        #expect(
            texts.message(for: ClicksUnavailable(output: "fake-synth")).hasPrefix(
                "fake-synth cannot play timing clicks"))
        #expect(
            texts.message(
                for: ClicksUnavailable(output: "alsa:pulse", reason: .delayNotExact(.pulseAudio))
            )
            .hasPrefix("alsa:pulse goes through PulseAudio, which does not tell when its sound is heard"))
        #expect(
            texts.message(for: ClicksUnavailable(output: "alsa:pulse", reason: .delayNotExact(.jack)))
                .hasPrefix(
                    "alsa:pulse goes through JACK, where a program learns when a cycle began only from when it is woken"
                ))
        let pipeWire = texts.message(
            for: ClicksUnavailable(output: "alsa:default", reason: .delayNotExact(.pipeWire)))
        #expect(
            pipeWire.hasPrefix("alsa:default goes through PipeWire, which on a test machine moved its sound"))
        #expect(pipeWire.contains("--audio-out alsa:hw:0"), "the way through: the card played directly")
    }
}
