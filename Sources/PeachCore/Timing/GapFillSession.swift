// GapFillSession: fill the gap: a continuous loop of four-step cycles with silent steps to strike.

import Foundation

/// Fill the gap: a continuous loop of cycles of four sixteenth steps in which the gap positions are silent;
/// the user strikes a pad in each gap. A strike counts when it falls within half a sixteenth of a gap (the
/// nearest one; once per gap), and its offset from the gap as heard is kept. Every ``cyclesPerTrial`` cycles
/// make a trial: if any strike counted, the trial's result goes to every observer (the store first) and is
/// reported; the loop runs on without a break.
///
/// **Silent bars** (``TimingSettings/silentBars``): a bar is four cycles (a 4/4 bar of four beats). After every
/// ``TimingSettings/silentEvery`` bars played, the loop drops out for the silent bars while the user keeps
/// striking the gaps where the grid would put them; a trial is then one stretch of bars played and the silence
/// after them, ending as the loop returns, and its strikes in the silence give the drift (``SilentDrift``:
/// ms per bar, rushing or dragging). The trial's mean is of the strikes while the loop sounded.
///
/// **A pattern** (``TimingSettings/gapPattern``): a cycle is one beat of the pattern's steps (three for
/// triplets, six for sextuplets …), its notes click and its rests are the gaps; windows are half a step.
///
/// **Tempo ramp** (``TimingSettings/tempoRamp``): every ``TimingSettings/rampEvery`` bars played the tempo
/// steps by the ramp's BPM (within 40–200); each cycle's steps and windows are of its own tempo, and strikes are
/// scored against the ramped grid. Silent bars hold the last tempo heard (``tempo(ofCycle:)``).
///
/// Clicks are placed on the ``ClickPlayer`` two cycles ahead, so each is heard exactly on its step whatever
/// the timers' jitter; the first step of each cycle is accented. Settings are read when the loop starts.
/// `stop()` drops the clicks not yet heard and discards the unfinished trial.
///
/// When the output's sound breaks off (an underrun: ``ClickPlayer/dropoutCount`` changes), the clicks placed
/// before it are heard late and the loop is out of time: at the next cycle or strike the session drops them,
/// discards the unfinished trial's strikes (``GapFillEvent/dropout(restartsAt:)``) and starts that trial's
/// cycles again after ``dropoutRest``, in which the output measures its timeline anew. A strike that finds
/// the dropout does not count. No cycle is placed while the output's timeline settles (at the start, after a
/// dropout: ``ClickPlayer/settlesIn``).
///
/// With ``Targets/clicks`` (calibration: `peach timing calibrate`) every step clicks and every step is a target:
/// the user taps along, and each strike's offset from its click is what the whole chain (controller, audio
/// device, habit) adds.
@MainActor
public final class GapFillSession: TrainingSession {
    /// What the user strikes.
    public enum Targets: Sendable {
        /// The silent steps (fill the gap).
        case gaps
        /// Every step, each with its click (tapping along, for calibration).
        case clicks
    }

    /// The cycles of one trial (as Peach on iOS).
    public static let cyclesPerTrial = 16
    /// How many cycles ahead clicks are placed.
    static let cyclesAhead = 2
    /// The rest after a dropout before the trial's cycles start again, seconds.
    public static let dropoutRest = 1.0

    /// Whether the loop runs.
    public var isRunning: Bool { machinery.isRunning }
    /// The trials finished since `start()` (with or without strikes).
    public private(set) var trialCount = 0
    /// The strikes counted since `start()`.
    public private(set) var strikeCount = 0

    private struct Gap {
        let cycle: Int
        let position: Int
        let time: Double
        /// Half the cycle's step: the strike window either side.
        let window: Double
        /// In silent bars: the bars since the silence began; nil while the loop sounds.
        let silentBar: Double?
        var struck = false
    }

    private let machinery: SessionMachinery<GapFillEvent>
    private let clicks: any ClickPlayer
    private let settings: @MainActor () -> TimingSettings
    private let observers: [any TimingObserver]
    private let targets: Targets
    private var loopSettings = TimingSettings.defaults
    private var firstCycleStart = 0.0
    private var nextCycleToPlace = 0
    private var gaps: [Gap] = []
    /// Strikes counted so far, by the trial of their gap (a strike may fall in the next trial's first gap
    /// before the last trial has ended).
    private var strikesByTrial: [Int: [GapStrike]] = [:]
    /// The cycles of a trial: ``cyclesPerTrial``, or with silent bars one stretch of bars played and silent.
    private var trialCycles = cyclesPerTrial
    /// With a tempo ramp: seconds from the first cycle to the start of each cycle so far (``offset(of:)``).
    private var cycleOffsets: [Double] = [0]
    /// The bars of four cycles.
    public nonisolated static let cyclesPerBar = 4
    /// The output's dropouts when the loop's clicks were last placed from a fresh timeline.
    private var loopDropouts = 0
    /// The timing calibration in use, read as each trial ends.
    private let calibration: @MainActor () -> TimingCalibration?

    /// A session.
    /// - Parameters:
    ///   - clicks: places the clicks.
    ///   - settings: read when the loop starts.
    ///   - clock: time and timers.
    ///   - observers: receive each trial's result before it is reported (store first); none for calibration.
    ///   - targets: the silent steps (fill the gap) or every click (calibration).
    ///   - calibration: the timing calibration of the controller and output in use, read as each trial ends (its
    ///     offset goes into the result: the strikes stay raw); nil: none.
    public init(
        clicks: any ClickPlayer, settings: @escaping @MainActor () -> TimingSettings, clock: any SessionClock,
        observers: [any TimingObserver], targets: Targets = .gaps,
        calibration: @escaping @MainActor () -> TimingCalibration? = { nil }
    ) {
        self.targets = targets
        self.calibration = calibration
        machinery = SessionMachinery(notePlayer: SilentNotePlayer(), clock: clock)
        self.clicks = clicks
        self.settings = settings
        self.observers = observers
    }

    /// Adds a handler that receives every event from now on.
    public func addEventHandler(_ handler: @escaping @MainActor (GapFillEvent) -> Void) {
        machinery.addEventHandler(handler)
    }

    /// Starts the loop; does nothing when it runs.
    public func start() {
        guard !isRunning else { return }
        machinery.started()
        machinery.beginTrial()
        loopSettings = settings()
        if targets == .clicks {
            // Calibration taps along with a steady, sounding loop.
            loopSettings =
                (try? loopSettings.replacing(silentBars: 0, tempoRamp: 0, gapPattern: .some(nil)))
                ?? loopSettings
        }
        trialCycles =
            loopSettings.silentBars > 0
            ? (loopSettings.silentEvery + loopSettings.silentBars) * Self.cyclesPerBar : Self.cyclesPerTrial
        cycleOffsets = [0]
        trialCount = 0
        strikeCount = 0
        strikesByTrial = [:]
        gaps = []
        nextCycleToPlace = 0
        startLoop(at: 0, notBefore: 0, isRestart: false)
    }

    /// Places the loop's cycles from `cycle` on, the first starting no earlier than `notBefore` (timeline
    /// seconds) and a lead time from now, once the output's timeline can be trusted (``ClickPlayer/settlesIn``:
    /// a click is placed by the timeline of the moment it is placed). A restart after a dropout begins a trial
    /// again; the first start also says the loop started.
    private func startLoop(at cycle: Int, notBefore: Double, isRestart: Bool) {
        let settled = machinery.isSettled(clicks) { [weak self] in
            guard let self, self.isRunning else { return }
            self.startLoop(at: cycle, notBefore: notBefore, isRestart: isRestart)
        }
        guard settled else { return }
        loopDropouts = clicks.dropoutCount
        firstCycleStart = max(notBefore, clicks.now + clicks.leadTime) - offset(of: cycle)
        nextCycleToPlace = cycle
        guard placeCycles(through: cycle + Self.cyclesAhead - 1), isRunning else { return }
        if !isRestart {
            let positions = targets == .gaps ? loopSettings.gapTargets : Array(1...loopSettings.gapSteps)
            machinery.emit(
                .started(
                    loopSettings.tempo, gapPositions: positions, firstCycleAt: firstCycleStart,
                    pattern: loopSettings.gapPattern))
            scheduleCycle(0)
        } else {
            // The trial's first cycle is placed here, so its own start needs no timer (it would end a trial).
            scheduleCycle(cycle + 1)
        }
    }

    /// A strike at `time` on the click timeline (nil: now).
    /// - Returns: whether it counted.
    @discardableResult
    public func strike(at time: Double? = nil, input: InputKind = .unknown) -> Bool {
        guard isRunning, !droppedOut() else { return false }
        let time = time ?? clicks.now
        let nearest = gaps.indices.min { abs(gaps[$0].time - time) < abs(gaps[$1].time - time) }
        guard let index = nearest, abs(gaps[index].time - time) <= gaps[index].window, !gaps[index].struck
        else {
            machinery.emit(.strikeOutside)
            return false
        }
        gaps[index].struck = true
        let strike = GapStrike(
            position: gaps[index].position, offsetMs: (time - gaps[index].time) * 1000,
            silentBar: gaps[index].silentBar)
        let trial = gaps[index].cycle / trialCycles
        strikesByTrial[trial, default: []].append(strike)
        strikeCount += 1
        machinery.emit(.struck(strike, trialStrikes: strikesByTrial[trial]?.count ?? 0))
        return true
    }

    /// Stops the loop: drops the clicks not yet heard, cancels timers, discards the unfinished trial.
    public func stop(reason: SessionStopReason = .userRequest) {
        machinery.stop(reason, discarding: discardTrial)
    }

    /// Discards what the stop leaves: the unfinished trial, back to idle (``SessionMachinery/stop(_:discarding:)``).
    private func discardTrial() {
        clicks.cancelClicks()
        gaps = []
        strikesByTrial = [:]
    }

    /// The cycles between two steps of the tempo ramp.
    private var rampCycles: Int { loopSettings.rampEvery * Self.cyclesPerBar }

    /// The tempo of `cycle`: the loop's, stepped by the ramp every ``TimingSettings/rampEvery`` bars *played*
    /// (within the training range). Through silent bars the tempo holds at the last one heard: a player keeping
    /// time in silence is scored against the tempo they were given, not one the ramp reached unheard; the loop
    /// comes back at the next step when one fell due.
    public func tempo(ofCycle cycle: Int) -> Tempo {
        guard loopSettings.tempoRamp != 0 else { return loopSettings.tempo }
        let played = playedCycles(before: cycle)
        // A silent cycle takes the step of the last cycle played.
        let index = isSilent(cycle) ? max(played - 1, 0) : played
        let bpm = loopSettings.tempo.bpm + loopSettings.tempoRamp * (index / rampCycles)
        return
            (try? Tempo(bpm: min(max(bpm, Tempo.trainingRange.lowerBound), Tempo.trainingRange.upperBound)))
            ?? loopSettings.tempo
    }

    /// How many of the cycles before `cycle` the loop played (silent bars do not count).
    private func playedCycles(before cycle: Int) -> Int {
        guard loopSettings.silentBars > 0 else { return cycle }
        let playedPerTrial = loopSettings.silentEvery * Self.cyclesPerBar
        return cycle / trialCycles * playedPerTrial + min(cycle % trialCycles, playedPerTrial)
    }

    /// Seconds from the loop's first cycle to the start of `cycle`, each cycle at its own tempo (kept as they are
    /// first asked for: the settings hold while the loop runs).
    private func offset(of cycle: Int) -> Double {
        guard loopSettings.tempoRamp != 0 else { return Double(cycle) * loopSettings.tempo.beat }
        while cycleOffsets.count <= cycle {
            let last = cycleOffsets.count - 1
            cycleOffsets.append(cycleOffsets[last] + tempo(ofCycle: last).beat)
        }
        return cycleOffsets[cycle]
    }

    private func cycleStart(_ cycle: Int) -> Double { firstCycleStart + offset(of: cycle) }

    /// The length of a step of `cycle`: its beat over the steps of a cycle (a sixteenth without a pattern).
    private func step(ofCycle cycle: Int) -> Double {
        tempo(ofCycle: cycle).beat / Double(loopSettings.gapSteps)
    }

    /// Where step `position` (1–4) of `cycle` lies on the loop's grid as it is placed now (timeline seconds), and
    /// in silent bars how far into the silence (bars); nil while the loop does not run.
    public func gap(cycle: Int, position: Int) -> (time: Double, silentBar: Double?)? {
        guard isRunning else { return nil }
        return (
            cycleStart(cycle) + Double(position - 1) * step(ofCycle: cycle),
            silentBar(cycle, position)
        )
    }

    /// In silent bars, the bars from the silence's start to step `position` of `cycle`, counted on the grid (a
    /// ramp changes seconds, not steps); nil while the loop sounds.
    private func silentBar(_ cycle: Int, _ position: Int) -> Double? {
        guard isSilent(cycle) else { return nil }
        let silenceStart = cycle - cycle % trialCycles + loopSettings.silentEvery * Self.cyclesPerBar
        return (Double(cycle - silenceStart) + Double(position - 1) / Double(loopSettings.gapSteps))
            / Double(Self.cyclesPerBar)
    }

    /// Whether the loop is silent in `cycle` (its trial's silent bars).
    private func isSilent(_ cycle: Int) -> Bool {
        loopSettings.silentBars > 0 && cycle % trialCycles >= loopSettings.silentEvery * Self.cyclesPerBar
    }

    /// Places the clicks of every cycle up to `last`; returns false (and halts) when the player fails.
    @discardableResult
    private func placeCycles(through last: Int) -> Bool {
        while nextCycleToPlace <= last {
            let cycle = nextCycleToPlace
            let step = step(ofCycle: cycle)
            let silent = isSilent(cycle)
            for position in 1...loopSettings.gapSteps {
                let due = cycleStart(cycle) + Double(position - 1) * step
                let isGap = loopSettings.gapTargets.contains(position)
                if targets == .clicks || isGap {
                    gaps.append(
                        Gap(
                            cycle: cycle, position: position, time: due, window: step / 2,
                            silentBar: silentBar(cycle, position)))
                }
                if (targets == .gaps && isGap) || silent { continue }
                guard sounded({ _ = try clicks.click(at: due, accent: position == 1) }) else { return false }
            }
            nextCycleToPlace += 1
        }
        return true
    }

    /// At the start of `cycle`: places the cycle `cyclesAhead` later, forgets gaps whose window has closed, and
    /// ends a trial whose last gap's window has closed.
    private func scheduleCycle(_ cycle: Int) {
        machinery.schedule(after: max(0, cycleStart(cycle) - clicks.now)) { [weak self] in
            self?.cycleBegan(cycle)
        }
    }

    private func cycleBegan(_ cycle: Int) {
        guard isRunning, !droppedOut() else { return }
        guard placeCycles(through: cycle + Self.cyclesAhead - 1) else { return }
        if cycle > 0, tempo(ofCycle: cycle) != tempo(ofCycle: cycle - 1) {
            machinery.emit(.tempoChanged(tempo(ofCycle: cycle), startsAt: cycleStart(cycle)))
        }
        if isSilent(cycle), !isSilent(cycle - 1) {
            machinery.emit(.silence(bars: loopSettings.silentBars, startsAt: cycleStart(cycle)))
        }
        // The trial ends half a step after its last step (when the last gap's window closes): that lies within
        // the next trial's first cycle, so it is checked there.
        if cycle > 0, cycle % trialCycles == 0 {
            let end = cycleStart(cycle) + step(ofCycle: cycle - 1) / 2
            machinery.schedule(after: max(0, end - clicks.now)) { [weak self] in self?.endTrial() }
        } else {
            scheduleCycle(cycle + 1)
        }
    }

    /// Whether the sound dropped out since the clicks were placed; if so, drops the clicks not yet heard, discards
    /// the unfinished trial's strikes and places its cycles again from ``dropoutRest`` on.
    private func droppedOut() -> Bool {
        guard clicks.dropoutCount != loopDropouts else { return false }
        loopDropouts = clicks.dropoutCount
        clicks.cancelClicks()
        machinery.beginTrial()  // the timers of the broken timeline will not fire
        gaps = []
        strikesByTrial = [:]
        let firstCycle = trialCount * trialCycles
        let notBefore = clicks.now + clicks.leadTime + Self.dropoutRest
        machinery.emit(.dropout(restartsAt: max(notBefore, clicks.now + clicks.settlesIn + clicks.leadTime)))
        startLoop(at: firstCycle, notBefore: notBefore, isRestart: true)
        return true
    }

    private func endTrial() {
        guard isRunning else { return }
        let finished = trialCount
        let strikes = strikesByTrial.removeValue(forKey: finished) ?? []
        trialCount += 1
        gaps.removeAll { $0.cycle / trialCycles <= finished }
        let nextCycle = trialCount * trialCycles
        let sounding = strikes.filter { $0.silentBar == nil }
        if sounding.isEmpty {
            machinery.emit(.trialEmpty)
        } else {
            let soundingCycles = trialCycles - loopSettings.silentBars * Self.cyclesPerBar
            let completed = CompletedGapFill(
                timestamp: machinery.now, tempo: tempo(ofCycle: finished * trialCycles), strikes: sounding,
                gapCount: soundingCycles
                    * (targets == .gaps ? loopSettings.gapTargets.count : loopSettings.gapSteps),
                silentStrikes: strikes.filter { $0.silentBar != nil }, silentBars: loopSettings.silentBars,
                tempoRamp: loopSettings.tempoRamp, rampEvery: loopSettings.rampEvery,
                pattern: loopSettings.gapPattern, calibrationMs: calibration()?.offsetMs)
            let kept = machinery.delivered(to: observers, discarding: discardTrial) {
                try $0.gapFillCompleted(completed)
            }
            guard kept else { return }
            machinery.emit(.trialCompleted(completed))
        }
        scheduleCycle(nextCycle + 1)
    }
}
