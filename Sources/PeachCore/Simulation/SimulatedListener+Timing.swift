// SimulatedListener+Timing: the model listener answering offset detection and striking in fill the gap.

extension SimulatedListener {
    /// Makes the listener answer every offset-detection trial of `session`, `responseTime` after the offset
    /// click: right with the probability of its psychometric function at the offset, read in milliseconds
    /// (``Parameters/threshold`` is then the offset in ms answered right 75 % of the time).
    public func answer(_ session: OffsetDetectionSession) {
        session.addEventHandler { [weak session] event in
            guard let session, case .answerable(let trial) = event else { return }
            self.clock.schedule(after: .seconds(self.parameters.responseTime)) { [weak session] in
                guard let session, session.currentTrial == trial else { return }
                let correct =
                    Double.random(in: 0..<1, using: &self.generator)
                    < self.probabilityCorrect(at: abs(trial.offsetMs))
                let answer: TimingDirection =
                    correct ? trial.direction : (trial.direction == .early ? .late : .early)
                session.answer(answer, input: .simulated)
            }
        }
    }

    /// Makes the listener echo every bar of `session`: each note struck at its place plus
    /// ``Parameters/matchingBias`` ms and a normal error of ``Parameters/matchingSpread`` ms, missed with the
    /// lapse rate; with the lapse rate too, one extra strike somewhere in the bar. `timeline` is the click
    /// player's clock.
    public func echo(_ session: EchoSession, timeline: @escaping @MainActor () -> Double) {
        session.addEventHandler { [weak session] event in
            guard let session, case .respond(let rhythm, let start) = event else { return }
            var strikes: [Double] = []
            for onset in rhythm.onsets {
                guard Double.random(in: 0..<1, using: &self.generator) >= self.parameters.lapseRate else {
                    continue
                }
                let error = self.generator.nextGaussian(
                    mean: self.parameters.matchingBias, standardDeviation: self.parameters.matchingSpread)
                strikes.append(start + onset * session.tempo.beat + error / 1000)
            }
            if Double.random(in: 0..<1, using: &self.generator) < self.parameters.lapseRate {
                strikes.append(
                    start + Double.random(in: 0..<3.5, using: &self.generator) * session.tempo.beat)
            }
            for time in strikes.sorted() {
                self.clock.schedule(after: .seconds(max(0, time - timeline()))) { [weak session] in
                    guard let session, session.isRunning else { return }
                    session.strike(at: time, input: .simulated)
                }
            }
        }
    }

    /// Makes the listener strike every gap of `session`'s loop, at the gap's time on the loop's grid (ramped
    /// when the tempo ramps) plus ``Parameters/matchingBias`` milliseconds (negative: rushing) plus a normal
    /// error of ``Parameters/matchingSpread`` ms, and in silent bars ``Parameters/silentDrift`` ms more for each
    /// bar into the silence; it misses a gap with the lapse rate. `timeline` is the click player's clock (the
    /// virtual clock's elapsed seconds), on which strikes are stamped.
    public func tap(_ session: GapFillSession, timeline: @escaping @MainActor () -> Double) {
        session.addEventHandler { [weak session] event in
            guard let session, case .started(_, let positions, _, _) = event else { return }
            self.strikeCycle(0, of: session, positions: positions, timeline: timeline)
        }
    }

    /// Schedules the strikes of `cycle`, and shortly before its end the next cycle's.
    private func strikeCycle(
        _ cycle: Int, of session: GapFillSession, positions: [Int],
        timeline: @escaping @MainActor () -> Double
    ) {
        let sixteenth = session.tempo(ofCycle: cycle).sixteenth
        for position in positions {
            guard let gap = session.gap(cycle: cycle, position: position) else { continue }
            guard Double.random(in: 0..<1, using: &generator) >= parameters.lapseRate else { continue }
            let error =
                generator.nextGaussian(
                    mean: parameters.matchingBias, standardDeviation: parameters.matchingSpread)
                + (gap.silentBar ?? 0) * parameters.silentDrift
            let time = gap.time + error / 1000
            clock.schedule(after: .seconds(max(0, time - timeline()))) { [weak session] in
                guard let session, session.isRunning else { return }
                session.strike(at: time, input: .simulated)
            }
        }
        guard let next = session.gap(cycle: cycle + 1, position: 1) else { return }
        clock.schedule(after: .seconds(max(0, next.time - sixteenth - timeline()))) { [weak session] in
            guard let session, session.isRunning else { return }
            self.strikeCycle(cycle + 1, of: session, positions: positions, timeline: timeline)
        }
    }
}
