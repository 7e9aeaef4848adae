// ControllerInput: the live controller side of a command: a MIDI source and/or the keyboard, plus signals.

import Foundation
import PeachMIDI
import PeachText
import PeachTraining

/// The opened controller input: a MIDI source (sequencer or raw) and/or the terminal keyboard, with SIGINT,
/// SIGTERM and SIGHUP trapped, all delivered as ``ControllerInputItem``s (to a handler, or to ``inbox``).
public final class ControllerInput {
    /// Items for a command that waits on them (monitor, learn): bounded, signals first.
    public let inbox = Inbox<ControllerInputItem>()
    /// Bounds the items delivered to a handler (a training run, which calls ``InputGate/taken()`` for each).
    public let gate = InputGate()
    /// The MIDI source, if any.
    public let source: (any MIDISource)?
    /// The terminal keyboard, if read.
    public let keyboard: TerminalKeyboard?
    /// The sequencer client, when the source is the sequencer.
    public let sequencer: (any MIDISequencerClient)?
    private var trap: SignalTrap?

    /// Opens the input `spec` asks for (the sequencer by `openSequencer`, a JACK client by `openJACK`); reads the
    /// keyboard too when `useKeyboard` and stdin is a terminal.
    /// With `keyboardStandsIn`, a machine with no sequencer gets the keyboard alone (with a notice on stderr in
    /// `texts`' language) instead of an error, so Peach is usable anywhere.
    /// - Throws: the sequencer's error when it cannot be opened; ``CommandError/keyboardNeedsTerminal`` for
    ///   keyboard-only input without a terminal.
    public init(
        spec: MIDIInputSpec, profile: ControllerProfile, useKeyboard: Bool, keyboardStandsIn: Bool = false,
        texts: Texts, openSequencer: () throws -> any MIDISequencerClient,
        openJACK: (String?) -> any MIDISource
    ) throws {
        switch spec {
        case .sequencer(let selection):
            let opened: (any MIDISequencerClient)?
            do {
                opened = try openSequencer()
            } catch {
                guard keyboardStandsIn && useKeyboard && TerminalKeyboard.isAvailable else { throw error }
                Terminal.emitError(texts.keyboardStandsIn(for: error))
                opened = nil
            }
            sequencer = opened
            source = opened.map { SequencerMIDISource(client: $0, selection: selection, profile: profile) }
        case .raw(let path):
            sequencer = nil
            source = RawMIDISource(path: path)
        case .jack(let target):
            sequencer = nil
            source = openJACK(target)
        case .keyboard:
            guard TerminalKeyboard.isAvailable else { throw CommandError.keyboardNeedsTerminal }
            sequencer = nil
            source = nil
        }
        let readsStdin = spec == .raw(path: "-")
        keyboard =
            (useKeyboard || spec == .keyboard) && !readsStdin && TerminalKeyboard.isAvailable
            ? TerminalKeyboard(layout: texts.keyboardLayout) : nil
    }

    /// Whether the source is the sequencer and no controller is connected to it yet.
    public var waitsForController: Bool {
        (source as? SequencerMIDISource)?.connectedPorts.isEmpty == true
    }

    /// Starts delivery into ``inbox``.
    /// - Throws: the source's error when it cannot be opened.
    public func start() throws {
        let inbox = self.inbox
        try startDelivering { inbox.post($0, urgent: $0.isUrgent) }
    }

    /// Starts delivery to `deliver` (called on the input threads) through ``gate``: the consumer calls
    /// ``InputGate/taken()`` for every item it takes. Each MIDI event is handed to `tap` first, on the input
    /// thread, so a played key sounds before the consumer hears of it.
    /// - Throws: the source's error when it cannot be opened.
    public func start(
        tap: PlayThroughTap? = nil, _ deliver: @escaping @Sendable (ControllerInputItem) -> Void
    ) throws {
        let gate = self.gate
        try startDelivering(tap: tap) { item in
            if gate.admit(item) { deliver(item) }
        }
    }

    /// Starts delivery to `deliver`, every terminating signal included. Ctrl-Z (SIGTSTP) gives the terminal
    /// back before the process stops, and `fg` (SIGCONT) takes it again.
    private func startDelivering(
        tap: PlayThroughTap? = nil, _ deliver: @escaping @Sendable (ControllerInputItem) -> Void
    ) throws {
        let keyboard = self.keyboard
        trap = SignalTrap(SignalTrap.terminating + [SIGTSTP, SIGCONT]) { signal in
            switch signal {
            case SIGTSTP:
                keyboard?.suspend()
                kill(getpid(), SIGSTOP)
            case SIGCONT:
                keyboard?.resume()
            default:
                deliver(.signal(signal))
            }
        }
        try source?.start { input in
            if let tap, case .event(let event) = input { tap.take(event) }
            deliver(.midi(input))
        }
        keyboard?.start { deliver(.keys($0)) }
    }

    /// Stops everything and restores the terminal (first releasing an input thread waiting for room).
    public func stop() {
        inbox.close()
        gate.close()
        source?.stop()
        keyboard?.stop()
    }
}
