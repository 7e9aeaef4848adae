// TuneTracker: follows the tune control and reports each move in cents; detects the spring-back commit.

import PeachCore

/// Follows a profile's tune control. Every message becomes a *move* in cents, never an absolute pitch, so the
/// tunable note starts at the challenge's offset whatever the control's position (a jump-free start).
///
/// - Pitch bend: `cents · Δvalue / 8192`; the wheel is taken to rest at centre.
/// - 7-bit controller: `cents · Δvalue / 127`; the first value only says where the control is.
/// - 14-bit controller: the coarse value (controller N) is held until the fine value (N + 32) arrives, then
///   `cents · Δvalue / 16383`. A controller that never sends the fine value moves on the coarse one alone.
/// - Encoder: `steps · centsPerStep`.
///
/// Spring-back commit (`commitOnCentre`): when the wheel comes back within ±``centreZone`` of centre after a
/// deflection beyond ±``deflectionNeeded``, the pitch goes back to where the wheel was held before the
/// release and the attempt is committed. "Held" is the start of the final uninterrupted run towards centre,
/// looking back at most ``releaseWindow`` seconds (a released wheel springs back in tens of milliseconds).
struct TuneTracker: Sendable {
    /// Pitch-bend values this close to 0 count as centre.
    static let centreZone = 256
    /// A deflection must go this far before springing back commits.
    static let deflectionNeeded = 1024
    /// How far back, in seconds, the release may start before the wheel reaches centre.
    static let releaseWindow = 0.15

    let mapping: TuneMapping
    private var last: Int?
    private var coarse: Int?
    private var fineSeen = false
    private var deflected = false
    private var recent: [(time: Double, value: Int)] = []

    init(mapping: TuneMapping) {
        self.mapping = mapping
        if case .pitchBend = mapping.control { last = 0 }
    }

    /// The actions for `event`, or nil when the tune control does not listen to it.
    mutating func handle(_ event: MIDIEvent) -> [ControllerAction]? {
        switch (mapping.control, event.message) {
        case (.pitchBend(let cents, let commitOnCentre), .pitchBend(_, let raw)):
            let value = Int(raw)
            let previous = last ?? 0
            var actions = move(to: value, full: 8192, cents: cents, input: .pitchBend)
            if commitOnCentre, let held = springBack(value: value, at: event.time) {
                // Instead of following the wheel back, go to where it was held, and commit there.
                actions =
                    held == previous
                    ? [] : [.tune(Cents(cents * Double(held - previous) / 8192), input: .pitchBend)]
                actions.append(.press(.commit, input: .pitchBend))
            }
            return actions
        case (.controller(let wanted, let cents), .controlChange(_, let controller, let value))
        where wanted == controller:
            return move(to: Int(value), full: 127, cents: cents, input: .fader)
        case (.controller14(let wanted, let cents), .controlChange(_, let controller, let value))
        where controller == wanted || controller == wanted + 32:
            if controller == wanted {
                coarse = Int(value)
                return fineSeen ? [] : move(to: Int(value) << 7, full: 16383, cents: cents, input: .fader)
            }
            fineSeen = true
            guard let coarse else { return [] }
            return move(to: coarse << 7 | Int(value), full: 16383, cents: cents, input: .fader)
        case (
            .encoder(let wanted, let encoding, let centsPerStep), .controlChange(_, let controller, let value)
        )
        where wanted == controller:
            let steps = encoding.steps(value)
            return steps == 0 ? [] : [.tune(Cents(Double(steps) * centsPerStep), input: .encoder)]
        default:
            return nil
        }
    }

    /// The move from the last known position to `value`.
    private mutating func move(
        to value: Int, full: Double, cents: Double, input: InputKind
    ) -> [ControllerAction] {
        defer { last = value }
        guard let last, last != value else { return [] }
        return [.tune(Cents(cents * Double(value - last) / full), input: input)]
    }

    /// Records a wheel value; returns the held value when this value completes a spring-back to centre.
    private mutating func springBack(value: Int, at time: Double) -> Int? {
        defer {
            recent.append((time, value))
            if recent.count > 64 { recent.removeFirst(recent.count - 64) }
        }
        if abs(value) >= Self.deflectionNeeded { deflected = true }
        guard deflected, abs(value) <= Self.centreZone, let previous = recent.last else { return nil }
        deflected = false
        var held = previous.value
        for index in stride(from: recent.count - 2, through: 0, by: -1) {
            let earlier = recent[index]
            let later = recent[index + 1]
            let awayFromCentre =
                abs(earlier.value) >= abs(later.value) && (earlier.value >= 0) == (later.value >= 0)
            guard awayFromCentre, time - earlier.time <= Self.releaseWindow else { break }
            held = earlier.value
        }
        recent.removeAll()
        return held
    }
}
