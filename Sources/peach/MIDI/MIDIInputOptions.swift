// MIDIInputOptions: --midi-in and --profile, and the controller input they open.

import ArgumentParser
import Foundation
import PeachALSA
import PeachMIDI
import PeachStore

/// The options that choose the controller and how it is understood.
struct MIDIInputOptions: ParsableArguments {
    @Option(
        name: .customLong("midi-in"),
        help: ArgumentHelp(
            "Where controller input comes from: seq, seq:CLIENT:PORT, seq:NAME, rawmidi:PATH or keyboard.",
            discussion: """
                seq (the default) connects to every hardware controller (or those the profile names), now and \
                when plugged in later; seq:20:0 or a client name such as Launchkey picks ports; rawmidi:PATH reads \
                raw MIDI bytes from /dev/snd/midiC1D0, a FIFO, a file or - (stdin); keyboard uses only the \
                computer keyboard.
                """, valueName: "spec"))
    var midiIn: String?

    /// Whether `--midi-in` was given (else the default `seq`, which may give way to the keyboard).
    var isExplicit: Bool { midiIn != nil }

    /// The input asked for.
    func spec() throws -> MIDIInputSpec {
        let midiIn = self.midiIn ?? "seq"
        guard let spec = MIDIInputSpec(parsing: midiIn) else {
            throw CommandFailure.usage(
                Messages.pick(
                    "--midi-in '\(midiIn)' is not valid; use seq, seq:CLIENT:PORT, seq:NAME, rawmidi:PATH or keyboard.",
                    "--midi-in '\(midiIn)' ist ungültig; nimm seq, seq:CLIENT:PORT, seq:NAME, rawmidi:PATH oder keyboard."
                )
            )
        }
        return spec
    }
}

/// The `--profile` option: which controller profile turns messages into actions.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The controller profile (default: the controllerProfile setting, 'default').", valueName: "name"))
    var profile: String?

    /// The profile to use: `--profile` (an error if broken), else the setting (falls back to the built-in
    /// default with a warning on stderr if broken).
    func resolveProfile(settings: PeachSettings) throws -> ControllerProfile {
        let library = ProfileLocations.library()
        let resolution = try library.resolve(
            profile ?? settings.controllerProfile, explicitly: profile != nil)
        if let reason = resolution.fallbackReason {
            let warning: String = Messages.pick("warning: ", "Warnung: ")
            let fallback: String = Messages.pick(" Using the default profile.", " Nehme das Standardprofil.")
            let line: String = "peach: " + warning + Messages.describe(reason, asked: false) + fallback + "\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return resolution.profile
    }
}

/// The settings file's settings (defaults when there is none).
/// - Throws: ``StoreError`` for an unreadable or broken settings file.
func loadSettings() throws -> PeachSettings {
    let locations = try resolveLocations(dataDirectory: nil)
    return try SettingsFile(path: locations.settingsFile).load().settings
}

/// What the controller input reports to the main thread.
enum ControllerInputItem: Sendable {
    /// MIDI input.
    case midi(MIDIInput)
    /// Keys typed at the terminal.
    case keys([KeyboardKey])
    /// SIGINT or SIGTERM.
    case signal(Int32)
}

/// The opened controller input: a MIDI source (sequencer or raw) and/or the terminal keyboard, all posting
/// to one inbox, with SIGINT/SIGTERM trapped into it too.
final class ControllerInput {
    /// Items for the main thread.
    let inbox = Inbox<ControllerInputItem>()
    /// The MIDI source, if any.
    let source: (any MIDISource)?
    /// The terminal keyboard, if read.
    let keyboard: TerminalKeyboard?
    /// The sequencer client, when the source is the sequencer.
    let sequencer: ALSASequencer?
    private var trap: SignalTrap?

    /// Opens the input `spec` asks for; reads the keyboard too when `useKeyboard` and stdin is a terminal.
    /// With `keyboardStandsIn`, a machine with no sequencer gets the keyboard alone (with a notice on stderr)
    /// instead of an error, so Peach is usable anywhere.
    /// - Throws: ``ALSAError`` when the sequencer cannot be opened; ``CommandFailure`` for keyboard-only input
    ///   without a terminal.
    init(
        spec: MIDIInputSpec, profile: ControllerProfile, useKeyboard: Bool, keyboardStandsIn: Bool = false
    ) throws {
        switch spec {
        case .sequencer(let selection):
            let opened = try Self.openSequencer(orKeyboard: keyboardStandsIn && useKeyboard)
            sequencer = opened
            source = opened.map { SequencerMIDISource(client: $0, selection: selection, profile: profile) }
        case .raw(let path):
            sequencer = nil
            source = RawMIDISource(path: path)
        case .keyboard:
            guard TerminalKeyboard.isAvailable else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "--midi-in keyboard needs a terminal on stdin.",
                        "--midi-in keyboard braucht ein Terminal an der Standardeingabe."))
            }
            sequencer = nil
            source = nil
        }
        let readsStdin = spec == .raw(path: "-")
        keyboard =
            (useKeyboard || spec == .keyboard) && !readsStdin && TerminalKeyboard.isAvailable
            ? TerminalKeyboard() : nil
    }

    /// The sequencer client; nil (after a notice) when it cannot be opened and the keyboard may stand in.
    private static func openSequencer(orKeyboard keyboardMayStandIn: Bool) throws -> ALSASequencer? {
        do {
            return try ALSASequencer()
        } catch {
            guard keyboardMayStandIn && TerminalKeyboard.isAvailable else { throw error }
            FileHandle.standardError.write(
                Data(
                    ("peach: \(Messages.describe(error))"
                        + Messages.pick(
                            " The computer keyboard stands in.", " Die Computertastatur springt ein.") + "\n")
                        .utf8))
            return nil
        }
    }

    /// Starts delivery into ``inbox``.
    /// - Throws: the source's error when it cannot be opened.
    func start() throws {
        let inbox = self.inbox
        try start { inbox.post($0) }
    }

    /// Starts delivery to `deliver` (called on the input threads), SIGINT, SIGTERM and SIGHUP included.
    /// - Throws: the source's error when it cannot be opened.
    func start(_ deliver: @escaping @Sendable (ControllerInputItem) -> Void) throws {
        trap = SignalTrap([SIGINT, SIGTERM, SIGHUP]) { deliver(.signal($0)) }
        try source?.start { deliver(.midi($0)) }
        keyboard?.start { deliver(.keys($0)) }
    }

    /// Stops everything and restores the terminal.
    func stop() {
        source?.stop()
        keyboard?.stop()
    }
}
