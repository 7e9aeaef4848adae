// ThresholdFits: the profile's thresholds: fitted overall, and as a smooth function of pitch over the keyboard.

extension PerceptualProfile {
    /// The kernel across the keyboard: trials at a note count for a neighbour with weight
    /// exp(−d²/2h²), d in semitones, h = 3.
    public static let keyboardBandwidth = 3.0
    /// The weighted trials a note's fit needs to be shown.
    public static let minimumFittedTrials = 10.0

    /// The threshold (T75) fitted to every answered comparison, with its intervals; nil before any.
    public var fittedThreshold: ThresholdEstimate? {
        ThresholdPosterior.fit(BinnedTrials(trialCounts))
    }

    /// The threshold fitted to the trials of the intervals `settings` train (in its tuning): the unison fit
    /// for unison training, else the pooled trials of the chosen intervals; nil before any.
    public func fittedThreshold(for settings: TrainingSettings) -> ThresholdEstimate? {
        guard !settings.isUnison else { return fittedThreshold }
        var pooled = TrialCounts()
        for interval in settings.intervals {
            if interval == .prime {
                pooled.add(trialCounts)
            } else if let profile = intervals[IntervalKey(interval, settings.tuningSystem)] {
                pooled.add(profile.trials)
            }
        }
        guard pooled.trials.contains(where: { $0 > 0 }) else { return nil }
        return ThresholdPosterior.fit(BinnedTrials(pooled))
    }

    /// How far a note's threshold is expected to stray from the overall one: σ of ln T75 (±50 %). Local fits
    /// with few trials lean towards the overall threshold instead of wandering off.
    public static let keyboardSpread = 0.5

    /// The threshold as a smooth function of pitch: at each note of `range`, the fit to all trials weighted by
    /// their distance in pitch (a Gaussian kernel of ``keyboardBandwidth`` semitones), at the slope fitted to
    /// all trials (the shape is shared, the threshold varies), with a prior around the overall threshold
    /// (``keyboardSpread``). Nil where the weighted trials are fewer than ``minimumFittedTrials``.
    ///
    /// A fit's log-likelihood is linear in the trials, so a note's weighted trials add up to the trained notes'
    /// evidence weighted alike: each trained note's trials are taken in once, at the shared slope
    /// (``ThresholdPosterior/keptEvidence(_:slope:)``: where the process keeps fits, the dashboard, only the
    /// answered note's again after an answer), and each note of the range sums its neighbours' evidence, 181
    /// numbers each. Summing each level's weighted trials first and taking the levels in for every note of the
    /// range was 60 % of the dashboard's work after a comparison answer on a million of them (17 million
    /// instructions; the sums differ from those only in the order of their additions).
    public func fittedThresholds(over range: NoteRange) -> [ThresholdEstimate?] {
        guard let overall = fittedThreshold else { return range.notes.map { _ in nil } }
        let slope = overall.slope
        let trained = (0..<128).compactMap { note -> (note: Int, evidence: ThresholdPosterior.Evidence)? in
            trialCounts(for: MIDINote(checked: note)).map {
                (note, ThresholdPosterior.keptEvidence(BinnedTrials($0), slope: slope))
            }
        }
        let thresholds = ThresholdModel.logThresholds.count
        return range.notes.map { note in
            var sums = [Double](repeating: 0, count: thresholds)
            var total = 0.0
            sums.withUnsafeMutableBufferPointer { sums in
                for (other, evidence) in trained {
                    let distance = Double(other - note.rawValue) / Self.keyboardBandwidth
                    let weight = expDouble(-distance * distance / 2)
                    guard weight > 1e-3 else { continue }
                    total += weight * evidence.trials
                    evidence.logLikelihoods.withUnsafeBufferPointer { terms in
                        for index in 0..<thresholds { sums[index] += weight * terms[index] }
                    }
                }
            }
            guard total >= Self.minimumFittedTrials else { return nil }
            var posterior = ThresholdPosterior(
                slopes: [slope], thresholdPrior: (overall.cents, Self.keyboardSpread))
            posterior.add(ThresholdPosterior.Evidence(logLikelihoods: sums, trials: total))
            return posterior.estimate
        }
    }
}
