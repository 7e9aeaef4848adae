// SettingsOverrides: per-run options that override the training settings.

import ArgumentParser
import PeachCore

/// Options that override training settings for one run (`--range C3-C5`, `--reference-pitch 442`, …).
struct SettingsOverrides: ParsableArguments {
    @Option(name: .long, help: "Training range, e.g. C3-C5 (A0-C8, at least an octave).")
    var range: String?

    @Option(name: .long, help: "Seconds each note sounds (0.3-3).")
    var noteDuration: String?

    @Option(name: .long, help: "Seconds of silence between the two notes (0-5).")
    var gap: String?

    @Option(name: .long, help: "Frequency of A4 in Hz (380-500).")
    var referencePitch: String?

    @Option(name: .long, help: "Loudness rove of the second note, 0 (off) to 1 (±5 dB).")
    var varyLoudness: String?

    @Option(name: .long, help: "Seconds feedback is shown (0.1-2).")
    var feedbackDuration: String?

    /// `settings` with every given option applied.
    /// - Throws: ``CommandFailure`` naming the option and what it accepts.
    func apply(to settings: TrainingSettings) throws -> TrainingSettings {
        let options: [(String, TrainingSettingKey, String?)] = [
            ("--range", .noteRange, range), ("--note-duration", .noteDuration, noteDuration),
            ("--gap", .gapBetweenNotes, gap),
            ("--reference-pitch", .referencePitch, referencePitch),
            ("--vary-loudness", .varyLoudness, varyLoudness),
            ("--feedback-duration", .feedbackDuration, feedbackDuration),
        ]
        var result = settings
        for (option, key, text) in options {
            guard let text else { continue }
            do {
                result = try result.setting(key, toText: text)
            } catch {
                throw CommandFailure.usage(Messages.describe(error, option: option))
            }
        }
        return result
    }
}
