// Measure: frequency, level and smoothness measured on rendered samples, shared by the audio tests.

/// Measurements on rendered samples: frequency by zero crossings, level, largest step.
public enum Measure {
    /// The frequency of a periodic signal from its upward zero crossings (linearly interpolated) between
    /// `from` and `to` seconds.
    public static func frequency(_ samples: [Float], sampleRate: Double, from: Double, to: Double) -> Double {
        var crossings: [Double] = []
        let start = Int(from * sampleRate)
        let end = min(samples.count, Int(to * sampleRate))
        guard start >= 0, end > start + 1 else { return 0 }  // too short to measure: no frequency, no trap
        for index in (start + 1)..<end where samples[index - 1] < 0 && samples[index] >= 0 {
            let a = Double(samples[index - 1])
            let b = Double(samples[index])
            crossings.append(Double(index - 1) + a / (a - b))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * sampleRate / (last - first)
    }

    /// The root-mean-square level of `samples`.
    public static func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    /// The largest change between neighbouring samples (a click shows as a large step).
    public static func largestStep(_ samples: [Float]) -> Double {
        zip(samples, samples.dropFirst()).reduce(0.0) { max($0, abs(Double($1.1) - Double($1.0))) }
    }
}
