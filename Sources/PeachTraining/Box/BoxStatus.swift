// BoxStatus: what the practice box is doing now, as facts (the dashboard's Box page reads them).

import Foundation

/// What the practice box is doing now: its activity and mode, the controllers connected, the audio device, the
/// last problem, as the box published it. `peach serve` writes it to a small file in the data folder at every
/// change (``PracticeBox/Ports/publishStatus``); the dashboard shows it. Texts in it (the audio problem, the
/// last error) are the box's log lines, in the box's language.
public struct BoxStatus: Sendable, Equatable, Codable {
    /// What the box is doing.
    public enum Activity: String, Sendable, Codable, CaseIterable {
        /// No controller is connected.
        case waitingForController
        /// A controller is connected, no session runs.
        case ready
        /// The menu by ear is open (``BoxStatus/mode`` is the entry it is on).
        case choosing
        /// A mode was chosen; its earcon plays.
        case starting
        /// A session runs (``BoxStatus/mode``).
        case training
        /// The box stopped.
        case stopped
    }

    /// What the box is doing.
    public var activity: Activity
    /// The mode being practised, started or chosen in the menu; nil otherwise.
    public var mode: TrainingMode?
    /// The controllers connected (their labels), in the order they came.
    public var controllers: [String]
    /// The audio device open now, if any.
    public var audio: String?
    /// Why the audio device cannot be used now (the box retries), if so.
    public var audioProblem: String?
    /// The last error or warning the box logged, and when.
    public var lastProblem: String?
    /// When ``lastProblem`` was logged.
    public var lastProblemTime: Date?
    /// Since when ``activity`` (and ``mode``) hold.
    public var since: Date
    /// When the box started.
    public var started: Date
    /// The box's process.
    public var processID: Int32
    /// When the box's process started (``ProcessLiveness/startTicks(of:)``): with ``processID`` it names the
    /// process, so a pid used again by another process later is not taken for the box. Nil in a status written
    /// before Peach kept it, which is then believed by nothing.
    public var processStart: UInt64?

    /// A status.
    public init(
        activity: Activity, mode: TrainingMode? = nil, controllers: [String] = [], audio: String? = nil,
        audioProblem: String? = nil, lastProblem: String? = nil, lastProblemTime: Date? = nil, since: Date,
        started: Date, processID: Int32, processStart: UInt64? = nil
    ) {
        self.activity = activity
        self.mode = mode
        self.controllers = controllers
        self.audio = audio
        self.audioProblem = audioProblem
        self.lastProblem = lastProblem
        self.lastProblemTime = lastProblemTime
        self.since = since
        self.started = started
        self.processID = processID
        self.processStart = processStart
    }

    /// The activity and mode of a box in `state`.
    public static func activity(of state: PracticeBox.State) -> (Activity, TrainingMode?) {
        switch state {
        case .waitingForController: (.waitingForController, nil)
        case .ready: (.ready, nil)
        case .choosingMenu(let mode): (.choosing, mode)
        case .starting(let mode): (.starting, mode)
        case .training(let mode): (.training, mode)
        case .finished: (.stopped, nil)
        }
    }
}
