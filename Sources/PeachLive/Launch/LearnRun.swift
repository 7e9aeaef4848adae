// LearnRun: `peach learn`: asks for each action in turn, captures the control, and makes a profile.

import PeachMIDI
import PeachSystem
import PeachText
import PeachTraining

/// MIDI learn as a run over controller input: prompts "Press the control for Higher…" and so on, takes the
/// first suitable message for each step, and when every step is learned makes the profile.
/// ``learn(_:name:devices:origin:folder:input:texts:)`` runs it on a live input and writes the profile.
public struct LearnRun {
    /// What to do after an item.
    public enum Step: Equatable, Sendable {
        /// Go on reading.
        case next
        /// Every step is learned.
        case complete
        /// Stop without writing, with this exit status.
        case abandon(Int32)
    }

    /// The lines to show so far (drained by ``takeLines()``).
    public private(set) var lines: [String] = []
    /// The name of the device the first control came from (for the profile's device patterns).
    public private(set) var sourceName: String?

    private var learn: MIDILearn
    private let texts: Texts
    private let portName: (MIDIAddress) -> String?

    /// A run over `steps`; `portName` looks up the client name of a sequencer address.
    public init(steps: [LearnStep], texts: Texts, portName: @escaping (MIDIAddress) -> String?) {
        learn = MIDILearn(steps: steps)
        self.texts = texts
        self.portName = portName
        if let first = steps.first { lines.append(texts.prompt(first)) }
    }

    /// The lines to show now, and forgets them.
    public mutating func takeLines() -> [String] {
        defer { lines = [] }
        return lines
    }

    /// Takes one controller item.
    /// - Throws: ``CommandError/learnInputEnded(learned:total:)`` when the input ends first; the source's
    ///   error when it fails.
    public mutating func handle(_ item: ControllerInputItem) throws -> Step {
        switch item {
        case .midi(.event(let event)):
            switch learn.handle(event.message) {
            case .learned(let step):
                if sourceName == nil, let address = event.source { sourceName = portName(address) }
                lines.append("  \(step): \(MIDIText.summary(event.message, naming: texts.noteNaming))")
                if let next = learn.currentStep { lines.append(texts.prompt(next)) }
                return learn.isComplete ? .complete : .next
            case .alreadyUsed(let owner):
                lines.append("  " + texts.alreadyUsed(by: owner.description))
            case .ignored, .listening:
                break
            }
        case .midi(.connected(let port)):
            lines.append(texts.learnPortConnected(port.label))
        case .midi(.disconnected(let port)):
            lines.append(texts.learnPortGone(port.label))
        case .midi(.ended):
            throw CommandError.learnInputEnded(learned: learned, total: learn.steps.count)
        case .midi(.failed(let error)):
            throw error
        case .keys:
            break  // learn listens to MIDI only; the keyboard has its own fixed keys
        case .signal(let number):
            return .abandon(TrainingEnding.exitStatus(forSignal: number))
        }
        return .next
    }

    /// How many steps are learned.
    public var learned: Int {
        guard let current = learn.currentStep, let index = learn.steps.firstIndex(of: current) else {
            return learn.steps.count
        }
        return index
    }

    /// The profile learned (call once ``handle(_:)`` said ``Step/complete``).
    public func profile(name: String, devices: [String], from origin: String) -> ControllerProfile {
        let fits = devices.isEmpty ? (sourceName.map { [$0] } ?? []) : devices
        return learn.profile(
            name: name, description: "Learned with 'peach learn' from \(sourceName ?? origin).", devices: fits
        )
    }

    /// Where `peach learn` writes the profile `name` in `folder`; checked before the controller is opened.
    /// - Throws: ``CommandError/fileExists(path:)`` when a file is there and `force` is off.
    public static func target(name: String, in folder: String, force: Bool) throws -> String {
        let path = folder + "/" + name + ".json"
        if !force && FileSystem.status(path) != nil { throw CommandError.fileExists(path: path) }
        return path
    }

    /// Runs `peach learn` on `input` (started): shows each prompt, and when every step is learned writes the
    /// profile `name` to `folder/name.json` (atomically), reads it back and says where it is.
    /// - Returns: nil when the profile was written; the exit status when a signal stopped learning (nothing is
    ///   written then).
    /// - Throws: the input's failure or end (``CommandError/learnInputEnded(learned:total:)``), or the file's.
    public static func learn(
        _ steps: [LearnStep], name: String, devices: [String], origin: String, folder: String,
        input: ControllerInput, texts: Texts
    ) throws -> Int32? {
        let sequencer = input.sequencer
        var run = LearnRun(steps: steps, texts: texts) { address in
            try? sequencer?.ports().first { $0.address == address }?.clientName
        }
        Terminal.show(texts.learning(name, from: origin))
        learning: while true {
            Terminal.show(run.takeLines())
            guard let item = input.inbox.next() else { continue }
            switch try run.handle(item) {
            case .next: continue
            case .complete: break learning
            case .abandon(let status):
                Terminal.emitError("peach: " + texts.learnStopped)
                return status
            }
        }
        Terminal.show(run.takeLines())
        let path = try target(name: name, in: folder, force: true)
        let profile = run.profile(name: name, devices: devices, from: origin)
        try FileSystem.createDirectory(folder)
        try FileSystem.writeAtomically(Array(profile.jsonText.utf8), to: path, directory: folder)
        _ = try ProfileLibrary.load(path: path, name: name)  // what was written reads back
        Terminal.show(texts.learned(path: path, name: name))
        return nil
    }
}
