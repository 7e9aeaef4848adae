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
    public func fittedThresholds(over range: NoteRange) -> [ThresholdEstimate?] {
        guard let overall = fittedThreshold else { return range.notes.map { _ in nil } }
        let slope = overall.slope
        let trained = (0..<128).compactMap { note in
            trialCounts(for: MIDINote(checked: note)).map { (note, $0) }
        }
        // Each trained level's log-likelihoods at the shared slope are computed once for every note's fit
        // (`LevelLikelihoods`).
        return range.notes.map { note in
            // The kernel-weighted trials per level first, then one update per level.
            var trials = [Double](repeating: 0, count: StimulusLevel.count)
            var correct = trials
            for (other, counts) in trained {
                let distance = Double(other - note.rawValue) / Self.keyboardBandwidth
                let weight = expDouble(-distance * distance / 2)
                guard weight > 1e-3 else { continue }
                for level in 0..<StimulusLevel.count where counts.trials[level] > 0 {
                    trials[level] += weight * Double(counts.trials[level])
                    correct[level] += weight * Double(counts.correct[level])
                }
            }
            // Appended here rather than through `BinnedTrials(trials:correct:)`: handing the arrays over made the
            // optimiser check their uniqueness in the kernel's loop above (5 million instructions at 1M).
            var data = BinnedTrials()
            for level in 0..<StimulusLevel.count where trials[level] > 0 {
                data.append(level: level, trials: trials[level], correct: correct[level])
            }
            guard data.total >= Self.minimumFittedTrials else { return nil }
            return ThresholdPosterior.fit(
                data, slopes: [slope], thresholdPrior: (overall.cents, Self.keyboardSpread))
        }
    }
}
