// EchoSession: rhythm echo as a state machine in injected time: a bar plays, the player echoes it on a pad.

import Foundation

/// Rhythm echo, call and response: after a count-in bar (four clicks), a one-bar rhythm plays (its notes as
/// high clicks), then the player echoes it in the next bar against four low clicks on the beats; then the
/// next rhythm, without a break. Each echo bar is scored when it ends: its strikes are paired with the
/// rhythm's notes (``EchoMatcher``, within ``tolerance(for:tempo:)`` of a note), each note hit with its
/// signed offset or missed, the strikes left over extra; the result goes to every observer (the store first)
/// and is reported. The bars are drawn at the player's level (``EchoLevel``), which follows the scores; the
/// next rhythm is chosen as its bar is placed, a bar ahead, so the level shows in the bar after next.
///
/// Clicks are placed on the ``ClickPlayer`` a bar ahead, so each is heard exactly where it belongs; strikes
/// are taken by their times on the click timeline (the sequencer's stamps). A strike counts in an echo bar
/// from a tolerance before its first beat to a tolerance before its end; others are outside. When the
/// output's sound breaks off (``ClickPlayer/dropoutCount`` changes), the echo being played is discarded and
/// the loop starts again with a count-in after ``dropoutRest``. Settings are read when the loop starts.
///
/// With a timing calibration (what the player's controller and output add to every strike, `peach timing
/// calibrate`) each strike is taken as landing that much earlier, both for the echo bar it counts in and for
/// the note it echoes, so a chain that is late by itself costs no notes; the offsets handed on stay raw, as
/// fill the gap's do, with the calibration's offset beside them (``CompletedEcho/calibrationMs``), and the
/// front ends and the profile show them with it taken off.
@MainActor
public final class EchoSession: TrainingSession {
    /// The rest after a dropout before the count-in, seconds.
    public static let dropoutRest = 1.0
    /// How long after an echo bar ends it is scored, seconds: strikes stamped in it have arrived by then.
    static let scoringDelay = 0.05

    /// Whether the loop runs.
    public var isRunning: Bool { machinery.isRunning }
    /// The echoes scored since `start()`.
    public private(set) var trialCount = 0
    /// The level bars are drawn at now.
    public var level: Int { levels.level }

    private let machinery: SessionMachinery<EchoEvent>
    private let clicks: any ClickPlayer
    private let settings: @MainActor () -> TimingSettings
    private let observers: [any TimingObserver]
    private let calibration: @MainActor () -> TimingCalibration?
    private var generator: AnyRandomNumberGenerator
    private var levels: EchoLevel
    /// The tempo of the loop (the settings' when it started).
    public private(set) var tempo = Tempo.standard
    /// When the current stretch's count-in bar starts, on the click timeline.
    private var stretchStart = 0.0
    /// The trial of the stretch's first call bar.
    private var trialBase = 0
    /// The next bar of the stretch to place (0: the count-in).
    private var nextBar = 0
    /// The rhythm of each trial placed and not yet scored, and the level it was drawn at.
    private var rhythms: [Int: (rhythm: EchoRhythm, level: Int)] = [:]
    /// The strikes taken in each trial's echo bar.
    private var strikes: [Int: [Double]] = [:]
    private var inputKind = InputKind.unknown
    private var loopDropouts = 0

    /// A session.
    /// - Parameters:
    ///   - clicks: places the clicks.
    ///   - settings: read when the loop starts (the tempo).
    ///   - clock: time and timers.
    ///   - observers: receive each result before it is reported (store first).
    ///   - level: the level to start at (the store's last echo's).
    ///   - calibration: the timing calibration of the controller and output in use, read at each strike and
    ///     each scoring (a controller may connect during the loop); nil: none.
    ///   - generator: randomness for the rhythms.
    public init(
        clicks: any ClickPlayer, settings: @escaping @MainActor () -> TimingSettings, clock: any SessionClock,
        observers: [any TimingObserver], level: Int = 1,
        calibration: @escaping @MainActor () -> TimingCalibration? = { nil },
        generator: some RandomNumberGenerator
    ) {
        machinery = SessionMachinery(notePlayer: SilentNotePlayer(), clock: clock)
        self.clicks = clicks
        self.settings = settings
        self.observers = observers
        self.calibration = calibration
        levels = EchoLevel(level: level)
        self.generator = AnyRandomNumberGenerator(generator)
    }

    /// Adds a handler that receives every event from now on.
    public func addEventHandler(_ handler: @escaping @MainActor (EchoEvent) -> Void) {
        machinery.addEventHandler(handler)
    }

    /// How far from a note a strike may fall and still be its echo, seconds: 45 % of the bar's shortest
    /// distance between notes, at most 100 ms.
    public static func tolerance(for rhythm: EchoRhythm, tempo: Tempo) -> Double {
        min(0.1, 0.45 * rhythm.shortestGap * tempo.beat)
    }

    /// Starts the loop with a count-in; does nothing when it runs.
    public func start() {
        guard !isRunning else { return }
        machinery.started()
        machinery.beginTrial()
        tempo = settings().tempo
        trialCount = 0
        startStretch(trial: 0, notBefore: 0)
    }

    /// A strike at `time` on the click timeline (nil: now).
    /// - Returns: whether it fell in an echo bar.
    @discardableResult
    public func strike(at time: Double? = nil, input: InputKind = .unknown) -> Bool {
        guard isRunning, !droppedOut() else { return false }
        let time = time ?? clicks.now
        guard let trial = echoBar(containing: time) else {
            machinery.emit(.strikeOutside)
            return false
        }
        strikes[trial, default: []].append(time)
        inputKind = input
        machinery.emit(.struck(at: time))
        return true
    }

    /// Stops: drops the clicks not yet heard, cancels timers, discards the echo being played.
    public func stop(reason: SessionStopReason = .userRequest) {
        machinery.stop(reason, discarding: discardTrial)
    }

    /// Discards what the stop leaves: the unfinished trial, back to idle (``SessionMachinery/stop(_:discarding:)``).
    private func discardTrial() {
        clicks.cancelClicks()
        rhythms = [:]
        strikes = [:]
    }

    private var barLength: Double { Double(EchoRhythm.beatsPerBar) * tempo.beat }

    /// What the player's chain adds to every strike, seconds (the calibration's offset; 0 without one).
    private var lag: Double { (calibration()?.offsetMs ?? 0) / 1000 }

    private func barStart(_ bar: Int) -> Double { stretchStart + Double(bar) * barLength }

    /// The trial whose call bar (odd) or echo bar (even, from 2) is `bar` of the stretch.
    private func trial(ofBar bar: Int) -> Int { trialBase + (bar - 1) / 2 }

    /// The trial whose echo bar takes a strike at `time`: from a tolerance before the bar to a tolerance
    /// before its end, the calibration's lag taken off the strike.
    private func echoBar(containing time: Double) -> Int? {
        let time = time - lag
        for (trial, entry) in rhythms {
            let bar = 2 + 2 * (trial - trialBase)
            let tolerance = Self.tolerance(for: entry.rhythm, tempo: tempo)
            let start = barStart(bar) - tolerance
            if time >= start, time < start + barLength { return trial }
        }
        return nil
    }

    /// Starts a stretch: once the output's timeline can be trusted, a count-in bar no earlier than `notBefore`,
    /// then trial `trial`'s call.
    private func startStretch(trial: Int, notBefore: Double) {
        let settled = machinery.isSettled(clicks) { [weak self] in
            guard let self, self.isRunning else { return }
            self.startStretch(trial: trial, notBefore: notBefore)
        }
        guard settled else { return }
        loopDropouts = clicks.dropoutCount
        stretchStart = max(notBefore, clicks.now + clicks.leadTime)
        trialBase = trial
        nextBar = 0
        rhythms = [:]
        strikes = [:]
        guard place(through: 1) else { return }
        scheduleBar(0)
    }

    /// Places the bars of the stretch up to `last`; returns false (and halts) when the player fails.
    private func place(through last: Int) -> Bool {
        while nextBar <= last {
            let bar = nextBar
            var times: [(Double, Bool)] = []
            if bar % 2 == 1 {
                let rhythm = EchoRhythm.random(level: levels.level, using: &generator)
                rhythms[trial(ofBar: bar)] = (rhythm, levels.level)
                times = rhythm.onsets.map { (barStart(bar) + $0 * tempo.beat, true) }
            } else {
                times = (0..<EchoRhythm.beatsPerBar).map { (barStart(bar) + Double($0) * tempo.beat, false) }
            }
            guard sounded({ for (time, high) in times { _ = try clicks.click(at: time, accent: high) } })
            else {
                return false
            }
            nextBar += 1
        }
        return true
    }

    private func scheduleBar(_ bar: Int) {
        machinery.schedule(after: max(0, barStart(bar) - clicks.now)) { [weak self] in self?.barBegan(bar) }
    }

    /// At the start of `bar`: places the next, says what plays, and (on a call bar after an echo) scores the
    /// echo just ended a moment later.
    private func barBegan(_ bar: Int) {
        guard isRunning, !droppedOut() else { return }
        guard place(through: bar + 1) else { return }
        if bar == 0 {
            machinery.emit(.countIn(tempo, startsAt: barStart(0)))
        } else if let entry = rhythms[trial(ofBar: bar)] {
            machinery.emit(
                bar % 2 == 1
                    ? .call(entry.rhythm, level: entry.level, startsAt: barStart(bar))
                    : .respond(entry.rhythm, startsAt: barStart(bar)))
        }
        guard bar >= 3, bar % 2 == 1 else { return scheduleBar(bar + 1) }
        // A late chain's strikes count until its lag after the bar: they are waited for too.
        let scoredAt = barStart(bar) + Self.scoringDelay + max(0, lag)
        machinery.schedule(after: max(0, scoredAt - clicks.now)) { [weak self] in
            guard let self, self.isRunning else { return }
            self.score(trial: self.trial(ofBar: bar) - 1)
            if self.isRunning { self.scheduleBar(bar + 1) }
        }
    }

    /// Scores trial `trial`'s echo bar and hands the result on.
    private func score(trial: Int) {
        guard let entry = rhythms.removeValue(forKey: trial) else { return }
        let taken = strikes.removeValue(forKey: trial) ?? []
        trialCount += 1
        guard !taken.isEmpty else {
            machinery.emit(.trialEmpty)
            return
        }
        let echoStart = barStart(2 + 2 * (trial - trialBase))
        let notes = entry.rhythm.onsets.map { echoStart + $0 * tempo.beat }
        let tolerance = Self.tolerance(for: entry.rhythm, tempo: tempo)
        let (offsets, extras) = EchoMatcher.match(
            notes: notes, strikes: taken, tolerance: tolerance, lag: lag)
        let completed = CompletedEcho(
            timestamp: machinery.now, tempo: tempo, rhythm: entry.rhythm, level: entry.level,
            onsets: zip(entry.rhythm.onsets, offsets).map {
                CompletedEcho.Onset(beat: $0, offsetMs: $1.map { $0 * 1000 })
            },
            extras: extras, inputKind: inputKind, calibrationMs: calibration()?.offsetMs)
        let kept = machinery.delivered(to: observers, discarding: discardTrial) {
            try $0.echoCompleted(completed)
        }
        guard kept else { return }
        machinery.emit(.trialCompleted(completed))
        if levels.count(score: completed.score) { machinery.emit(.levelChanged(levels.level)) }
    }

    /// Whether the sound dropped out since the stretch's clicks were placed; if so, drops the clicks not yet
    /// heard, discards the echo being played and starts a new stretch (count-in first) after ``dropoutRest``.
    private func droppedOut() -> Bool {
        guard clicks.dropoutCount != loopDropouts else { return false }
        loopDropouts = clicks.dropoutCount
        clicks.cancelClicks()
        machinery.beginTrial()  // the timers of the broken timeline will not fire
        let unscored = rhythms.keys.min() ?? (trialBase + trialCount)
        machinery.emit(.dropout)
        startStretch(trial: unscored, notBefore: clicks.now + clicks.leadTime + Self.dropoutRest)
        return true
    }
}
