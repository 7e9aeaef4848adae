// SetupPage: the setup page's values: the box's outputs and controllers, key presses, SoundFonts, log, restart.

import Foundation
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// The setup page (`/setup`): the first hour of a new box without a shell. Signed in, it lists the sound
/// outputs the running box sees (each with Test and Use), its controllers (a minute's key test, the controller
/// profile, the timing calibrations kept), the SoundFont upload and the box's library, the log to download and
/// a restart. Everything the box does comes from its status file (``BoxStatus``) and the calibrations' file;
/// the page itself opens no device.
struct SetupPage: Sendable {
    let pages: DashboardPages
    let soundFonts: SoundFontLibrary
    let profiles: @Sendable () -> [String]

    /// The page for `status` (nil: no box runs), with `notices` above it.
    func render(
        status: BoxStatus?, texts: Texts, session: SessionStore.Session?, notices: [String] = [], now: Date
    ) -> String {
        var settings = PeachSettings.defaults
        if let loaded = try? SettingsFile(path: pages.locations.settingsFile).loadForRepair() {
            settings = loaded.settings
        }
        let current = settings.audioOutput
        let outputs = (status?.outputs ?? []).map { output -> [String: Any] in
            var row: [String: Any] = ["setting": output.setting, "description": output.description]
            if output.setting == current || output.setting == status?.audio {
                row["note"] = texts(.inUse)
            } else if output.busy {
                row["note"] = texts(.busyNow)
            }
            return row
        }
        let watching = status?.watchingUntil.map { $0 > now } ?? false
        // The calibrations the box's timing takes off (`calibration.json`), newest first; a file that cannot be
        // read says why, in the place of its lines.
        let calibrations: [String]
        do {
            calibrations = try CalibrationFile(path: pages.locations.calibrationFile).load()
                .sorted { $0.time > $1.time }
                .map {
                    texts.calibrationLine(
                        $0, measured: LocalTime.text($0.time, timeZone: pages.timeZone, .dayAndMinute))
                }
        } catch {
            calibrations = [texts.message(for: error)]
        }
        let values: [String: Any] = [
            "signInToSetUp": texts(.setUpSignIn),
            "boxState": status.map {
                texts.boxActivity(
                    $0, since: LocalTime.text($0.since, timeZone: pages.timeZone, .dayAndMinute))
            } ?? texts(.boxNotRunning),
            "outputTitle": texts(.outputTitle), "outputExplanation": texts(.outputExplanation),
            "currentOutput": texts.boxPlaysThrough(status?.audio ?? current),
            "hasOutputs": !outputs.isEmpty, "outputs": outputs, "test": texts(.test), "use": texts(.use),
            "controllersTitle": texts(.controllersTitle), "controllers": status?.controllers ?? [],
            "noController": texts(.noControllerYet), "testController": texts(.testController),
            "testControllerExplanation": texts(.testControllerExplanation), "watching": watching,
            "keysState": watching ? texts(.watchingKeys) : texts(.notWatching),
            "keys": watching ? Self.keys(status, texts: texts) : [],
            "calibrationsTitle": texts(.calibrationsTitle), "calibrations": calibrations,
            "calibrationExplanation": texts(.calibrationExplanation), "noCalibration": texts(.noCalibration),
            "profileLabel": texts(.profileLabel), "save": texts(.save),
            "profiles": profiles().map { ["name": $0, "selected": $0 == settings.controllerProfile] },
            "soundFontTitle": texts(.soundFontTitle), "soundFontExplanation": texts(.soundFontExplanation),
            "soundFontLimit": SoundFontUpload.limit, "soundFontTooLarge": texts(.soundFontTooLarge),
            "failed": texts(.soundFontFailed), "soundFontFile": texts(.soundFontFile),
            "upload": texts(.upload),
            "soundFonts": DashboardSettingRules.names(soundFonts),
            "hasSoundFonts": !DashboardSettingRules.names(soundFonts).isEmpty,
            "logTitle": texts(.logTitle), "downloadLog": texts(.downloadLog),
            "restartTitle": texts(.restartTitle), "restartExplanation": texts(.restartExplanation),
            "restartButton": texts(.restartButton),
        ]
        return pages.renderer.document(
            "setup", values: values, title: PageRenderer.name(of: .setup, texts: texts), current: .setup,
            notices: notices, texts: texts, session: session)
    }

    /// The watched key presses, newest first: `C4, velocity 80`.
    static func keys(_ status: BoxStatus?, texts: Texts) -> [String] {
        (status?.keys ?? []).reversed().map {
            texts.keyPressed(texts.noteName(MIDINote(clamping: $0.note)), velocity: $0.velocity)
        }
    }
}
