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

    /// A sound output the box sees (what the dashboard's setup page offers).
    public struct Output: Sendable, Equatable, Codable {
        /// The `audioOutput` setting that names it: `alsa:hw:CARD=Device,DEV=0`.
        public var setting: String
        /// ALSA's description of it: `USB Audio, USB Audio`.
        public var description: String
        /// Whether a program (the box itself, perhaps) holds it now.
        public var busy: Bool

        /// An output.
        public init(setting: String, description: String, busy: Bool = false) {
            self.setting = setting
            self.description = description
            self.busy = busy
        }
    }

    /// A key pressed on a controller while the setup page watches it.
    public struct Key: Sendable, Equatable, Codable {
        /// The note.
        public var note: Int
        /// How hard (1–127).
        public var velocity: Int
        /// When.
        public var time: Date

        /// A key press.
        public init(note: Int, velocity: Int, time: Date) {
            self.note = note
            self.velocity = velocity
            self.time = time
        }
    }

    /// What the box made of the dashboard's last request (``BoxRequest``).
    public struct Answer: Sendable, Equatable, Codable {
        /// The request's id.
        public var id: String
        /// Whether it was done.
        public var done: Bool
        /// Why not (the box's log line), when not.
        public var problem: String?

        /// An answer.
        public init(id: String, done: Bool, problem: String? = nil) {
            self.id = id
            self.done = done
            self.problem = problem
        }
    }

    /// What the box is doing.
    public var activity: Activity
    /// The mode being practised, started or chosen in the menu; nil otherwise.
    public var mode: TrainingMode?
    /// The tempo of the session being practised when it plays against clicks (timing; melodies in tempo), beats
    /// per minute, as the session started; nil otherwise (and in a status written before Peach kept it).
    public var tempo: Int?
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
    /// The sound outputs the box sees (listed when a controller connects, and for each request); nil before.
    public var outputs: [Output]?
    /// The keys pressed while the setup page watches the controller, the newest last (at most
    /// ``PracticeBox/watchedKeys``); nil when it does not watch.
    public var keys: [Key]?
    /// Until when the box shows key presses instead of acting on them (the setup page's controller test).
    public var watchingUntil: Date?
    /// What the box made of the dashboard's last request.
    public var answer: Answer?

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
