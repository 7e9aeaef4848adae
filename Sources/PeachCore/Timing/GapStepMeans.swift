// GapStepMeans: a fill-the-gap trial's mean signed offset at each of its bar's four steps, as four numbers.

/// The mean signed offset (ms) at steps 1–4 of a fill-the-gap trial's bar, NaN where a step has none (a step's
/// mean is finite where it has one). Four numbers, not an array of optionals: a load of the whole journal files
/// one for every trial, and an array was made and freed each time; four optionals would take twice the room (a
/// filed record that large was moved by calls to `memcpy`, 0.09k instructions a record at a first start).
public struct GapStepMeans: Sendable {
    /// The means at steps 1–4, NaN for none.
    private(set) var values: (Double, Double, Double, Double) = (.nan, .nan, .nan, .nan)

    /// No step with a mean.
    public init() {}

    /// The means of `positions`, steps 1–4 in order (nil for none; what is past the fourth is not kept).
    public init(_ positions: [Double?]) {
        for (step, value) in positions.prefix(4).enumerated() {
            if let value { set(value, at: step) }
        }
    }

    /// Sets the mean at `step` (0–3; a later step is the fourth).
    @inline(__always)
    public mutating func set(_ value: Double, at step: Int) {
        switch step {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        default: values.3 = value
        }
    }

    /// The means as a record keeps them: four, nil where a step has none.
    public var positions: [Double?] {
        func optional(_ value: Double) -> Double? { value.isNaN ? nil : value }
        return [optional(values.0), optional(values.1), optional(values.2), optional(values.3)]
    }

}
