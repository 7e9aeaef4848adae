// SimulateCommand: `peach simulate`: a real training session answered by a simulated listener.

import ArgumentParser
import Foundation
import Logging
import PeachCore
import PeachStore

/// `peach simulate`: runs the real comparison or pitch-matching session, with the real strategy and profile,
/// answered by a ``SimulatedListener`` in virtual time. Shows how the staircase converges for a listener of a
/// given acuity, and how the profile reports it. Nothing is stored and nothing sounds.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: Messages.pick(
            "Run a training session answered by a simulated listener, in virtual time.",
            "Ein Training, beantwortet von einem simulierten Hörer, in virtueller Zeit."),
        discussion: """
            The session, the Kazez staircase and the profile are the real ones; only the listener is a model
            (a psychometric function with the given threshold and lapse rate). Nothing is stored; nothing sounds.
            Examples:
              peach simulate --trials 300 --threshold 5
              peach simulate --mode matching --trials 50 --bias -3 --spread 8
            """)

    /// Which skill to simulate.
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case comparison, matching
    }

    @Option(name: .long, help: "comparison (higher/lower) or matching (tune to the reference).")
    var mode: Mode = .comparison

    @Option(name: .long, help: "Number of trials (1-1000000).")
    var trials = 100

    @Option(name: .long, help: "The listener's threshold: cents answered right 75 % of the time (0.1-100).")
    var threshold = 10.0

    @Option(name: .long, help: "Share of trials the listener is inattentive on (0-0.5).")
    var lapse = 0.02

    @Option(
        name: .long, parsing: .unconditional,
        help: "Pitch matching: the listener's mean error in cents (+ = sharp).")
    var bias = 0.0

    @Option(name: .long, help: "Pitch matching: the standard deviation of the listener's error in cents.")
    var spread = 5.0

    @Option(name: .long, help: "Random seed; the same seed replays the same session (default: random).")
    var seed: UInt64?

    @Flag(name: .long, help: "Print only the summary, not every trial.")
    var quiet = false

    @Flag(
        name: .long, help: "Store the simulated answers in the training data (marked as input 'simulated').")
    var save = false

    @OptionGroup var location: DataLocationOptions

    @OptionGroup(title: "Settings for this run")
    var overrides: SettingsOverrides

    /// Checks the listener options; a bad one is one `peach:` line, like every other bad value.
    private func checkOptions() throws {
        let checks: [(Bool, String)] = [
            (
                (1...1_000_000).contains(trials),
                Messages.pick("--trials must be 1-1000000.", "--trials muss 1-1000000 sein.")
            ),
            (
                (0.1...100).contains(threshold),
                Messages.pick("--threshold must be 0.1-100 cents.", "--threshold muss 0,1-100 Cent sein.")
            ),
            ((0...0.5).contains(lapse), Messages.pick("--lapse must be 0-0.5.", "--lapse muss 0-0,5 sein.")),
            (
                (-100...100).contains(bias),
                Messages.pick("--bias must be -100-100 cents.", "--bias muss -100-100 Cent sein.")
            ),
            (
                (0...100).contains(spread),
                Messages.pick("--spread must be 0-100 cents.", "--spread muss 0-100 Cent sein.")
            ),
        ]
        if let failed = checks.first(where: { !$0.0 }) { throw CommandFailure.usage(failed.1) }
    }

    func run() throws {
        try reportingFailures {
            try checkOptions()
            let locations = try location.locations()
            let stored = try reportingStoreErrors { try SettingsFile(path: locations.settingsFile).load() }
            let settings = try overrides.apply(to: stored.settings.training)
            let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
            Logger(label: "peach.simulate").debug(
                "simulation", metadata: ["seed": "\(seed)", "mode": "\(mode)"])
            let parameters = SimulatedListener.Parameters(
                threshold: threshold, lapseRate: lapse, matchingBias: bias, matchingSpread: spread)
            let directory = save ? locations.dataDirectory : nil
            try MainActor.assumeIsolated {
                let store = try directory.map { directory in
                    try reportingStoreErrors { try JournalStore(directory: directory) }
                }
                let report = SimulationReport(verbose: !quiet)
                report.header(mode: mode.rawValue, parameters: parameters, settings: settings, seed: seed)
                switch mode {
                case .comparison:
                    runComparison(
                        settings: settings, parameters: parameters, seed: seed, store: store, report: report)
                case .matching:
                    runMatching(
                        settings: settings, parameters: parameters, seed: seed, store: store, report: report)
                }
                if let store {
                    let total = store.contents.comparisonCount + store.contents.pitchMatchingCount
                    print("  Saved to        \(store.journalPath) (\(total) records in all)")
                }
            }
        }
    }

    @MainActor
    private func runComparison(
        settings: TrainingSettings, parameters: SimulatedListener.Parameters, seed: UInt64,
        store: JournalStore?,
        report: SimulationReport
    ) {
        let clock = VirtualClock(start: Date())
        let tracker = ProfileTracker(stored: store?.contents)
        let session = ComparisonSession(
            notePlayer: SilentNotePlayer(), profile: { tracker.profile }, settings: { settings },
            clock: clock,
            observers: (store.map { [$0] } ?? []) + [tracker], generator: SeededRandomGenerator(seed: seed))
        report.watchFailures(of: session)
        SimulatedListener(
            parameters: parameters, clock: clock, generator: SeededRandomGenerator(seed: seed &+ 1)
        )
        .answer(session)
        session.addEventHandler { event in
            if case .answered(let completed) = event {
                report.comparison(completed, number: session.answeredCount)
            }
        }
        session.start()
        clock.run(until: { session.answeredCount >= trials })
        let next = session.lastCompleted.map {
            KazezNoteStrategy().nextDifference(
                after: $0.comparison.centDifference.magnitude, wasCorrect: $0.isCorrect)
        }
        session.stop()
        report.comparisonSummary(
            tracker: tracker, answered: session.answeredCount, sessionBest: session.sessionBest,
            nextDifference: next,
            elapsed: clock.elapsed)
    }

    @MainActor
    private func runMatching(
        settings: TrainingSettings, parameters: SimulatedListener.Parameters, seed: UInt64,
        store: JournalStore?,
        report: SimulationReport
    ) {
        let clock = VirtualClock(start: Date())
        let session = PitchMatchingSession(
            notePlayer: SilentNotePlayer(), settings: { settings }, clock: clock,
            observers: store.map { [$0] } ?? [], generator: SeededRandomGenerator(seed: seed))
        report.watchFailures(of: session)
        SimulatedListener(
            parameters: parameters, clock: clock, generator: SeededRandomGenerator(seed: seed &+ 1)
        )
        .match(session)
        session.addEventHandler { event in
            if case .committed(let completed) = event {
                report.matching(completed, number: session.committedCount)
            }
        }
        session.start()
        clock.run(until: { session.committedCount >= trials })
        session.stop()
        report.matchingSummary(elapsed: clock.elapsed)
    }
}

extension ProfileTracker {
    /// A tracker starting from a loaded store's profile, trend and timeline (empty without a store), so a
    /// simulation that saves into the store cold-starts the way a real session on that store would.
    convenience init(stored contents: JournalContents?) {
        self.init()
        if let contents {
            restore(profile: contents.profile, trend: contents.trend, timeline: contents.timeline)
        }
    }
}
