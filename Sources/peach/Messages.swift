// Messages: the one-line English texts of Peach's errors, made only here at the command-line edge.

import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachStore

/// Turns Peach's typed errors into one-line messages for the user.
enum Messages {
    /// The message for a settings error on a command-line option or a settings key.
    static func describe(_ error: SettingsError, option: String) -> String {
        error.message(naming: option) + "."
    }

    /// The message for a failure to find the data folders.
    static func describe(_ error: DataLocations.Failure) -> String {
        switch error {
        case .noHomeDirectory(let purpose):
            "cannot tell where to keep \(purpose): set HOME (or XDG_\(purpose.uppercased())_HOME) to an absolute path."
        }
    }

    /// The message for a store or settings-file error.
    static func describe(_ error: StoreError) -> String {
        switch error {
        case .locked(let path, let owner):
            let folder = (path as NSString).deletingLastPathComponent
            let who = owner.map { " (process \($0))" } ?? ""
            return
                "another Peach\(who) is using the training data in \(folder); stop it first, or choose other data "
                + "with --data-dir."
        case .io(let path, let operation, let code):
            let text = String(cString: strerror(code))
            let hint = code == ENOSPC ? " Free some space; nothing already stored was harmed." : ""
            return "\(path): \(operation) failed: \(text).\(hint)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer Peach (record version \(found); this Peach reads up to "
                + "\(supported)). Update Peach; the file was left as it is."
        case .unreadableImport(let path, let line, let reason):
            return "\(path) line \(line): \(reason); nothing was imported."
        case .invalidSettings(let path, let key, let reason):
            let fix = key.map { "'peach settings reset \($0)'" } ?? "'peach settings reset'"
            return "\(path): \(reason). Fix the file or run \(fix)."
        }
    }
}

extension Messages {
    /// The message for an ALSA error: the device, what went wrong in words, ALSA's own text and what to do.
    static func describe(_ error: ALSAError) -> String {
        let code = -error.code
        let what: String
        switch (error.function, code) {
        case ("snd_pcm_open", ENOENT), ("snd_pcm_open", ENODEV), ("snd_pcm_open", ENXIO):
            what =
                "no such audio device (\(error.alsaMessage)); list the devices with 'aplay -L', "
                + "or play into a file with --audio-out wav:PATH"
        case ("snd_pcm_open", EBUSY):
            what =
                "the audio device is busy (\(error.alsaMessage)); close the program using it, or use alsa:default"
        case ("snd_pcm_open", _):
            what = "cannot open the audio device (\(error.alsaMessage))"
        case ("snd_pcm_hw_params_set_format", _):
            what = "the audio device takes none of FLOAT_LE, S32_LE, S16_LE; try its plughw: name"
        case ("snd_pcm_writei", EIO):
            what =
                "the audio device stopped taking audio (\(error.alsaMessage)); try a larger buffer, "
                + "e.g. --latency 256x3"
        case ("snd_pcm_writei", _):
            what = "the audio device was lost (\(error.alsaMessage)); check that it is still plugged in"
        case ("snd_seq_open", _):
            what =
                "no ALSA sequencer here (\(error.alsaMessage); /dev/snd/seq is missing): load it with "
                + "'sudo modprobe snd-seq', or use --midi-in rawmidi:PATH or --midi-in keyboard"
        case ("snd_seq_connect_from", _), ("snd_seq_connect_to", _):
            what = "cannot connect to that port (\(error.alsaMessage)); 'peach devices' lists the ports"
        case ("snd_seq_event_output_direct", _):
            what = "the sequencer stopped taking MIDI output (\(error.alsaMessage))"
        case (let function, _) where function.hasPrefix("snd_pcm_"):
            what = "the audio device refused its settings (\(function): \(error.alsaMessage))"
        default:
            what = "\(error.function) failed: \(error.alsaMessage)"
        }
        let name = error.function.hasPrefix("snd_pcm_") ? "alsa:\(error.device)" : error.device
        return "\(name): \(what)."
    }
}

extension Messages {
    /// The message for a controller-profile error. `asked` says whether the user named the profile (then the
    /// hint is to fix it or choose another; otherwise Peach falls back to the default).
    static func describe(_ error: ProfileError, asked: Bool = true) -> String {
        let hint = asked ? " Fix the file, or choose another profile with --profile." : ""
        switch error {
        case .notFound(let name, let searched):
            let folders = searched.isEmpty ? "" : " (looked in \(searched.joined(separator: ", ")))"
            return
                "no controller profile named '\(name)'\(folders); make one with 'peach learn --name \(name)'."
        case .unreadable(let path, let code):
            return "\(path): cannot read the controller profile (\(String(cString: strerror(code)))).\(hint)"
        case .invalid(let path, let field, let reason):
            let what = field.map { "\($0) \(reason)" } ?? reason
            return "\(path): \(what).\(hint)"
        case .invalidName(let name):
            return "'\(name)' is not a profile name; use letters, digits, '-' and '_'."
        }
    }

    /// The message for a MIDI input or output failure.
    static func describe(_ error: MIDIInputError) -> String {
        switch error {
        case .cannotOpen(let path, let code):
            let hint =
                code == ENOENT
                ? "; check the path ('peach devices' lists the raw MIDI devices)"
                : code == EBUSY ? "; another program is using it" : ""
            return "rawmidi:\(path): cannot open (\(String(cString: strerror(code))))\(hint)."
        case .readFailed(let path, let code):
            let what = code == ENODEV ? "the MIDI device was unplugged" : "reading failed"
            return "rawmidi:\(path): \(what) (\(String(cString: strerror(code))))."
        case .writeFailed(let path, let code):
            let what = code == ENODEV ? "the MIDI device was unplugged" : "writing failed"
            return "rawmidi:\(path): \(what) (\(String(cString: strerror(code))))."
        case .sequencer(let device, let description):
            return "\(device): the sequencer failed: \(description)."
        }
    }
}
