// BoxControl: how the dashboard reaches the running practice box: a request in a file, a signal, the answer.

import Foundation
import PeachTraining

/// The dashboard's one way to the practice box (`peach serve`, the same user on the box): it writes a
/// ``BoxRequest`` into the data folder and sends the box SIGUSR1, then waits (at most ``answerWait``) for the
/// box's answer in its status file; SIGUSR2 asks it to restart. The box is found by its status file, and only
/// while that names a process that runs (``BoxStatusFile/current(in:)``), so a stale file never has another
/// process signalled. The dashboard itself opens no sound or MIDI device: the box does, and decides what it may
/// do. A port: the tests give a box of their own.
struct BoxControl: Sendable {
    /// The box's status as a reader finds it.
    var status: @Sendable () -> BoxStatusFile.Reading
    /// Leaves a request for the box.
    var leave: @Sendable (BoxRequest) throws -> Void
    /// Sends `signal` to process `pid`; false when it could not be sent.
    var signal: @Sendable (_ pid: Int32, _ signal: Int32) -> Bool
    /// Waits a moment between two looks at the status.
    var pause: @Sendable () async -> Void

    /// How long the dashboard waits for the box's answer: the box answers between two inputs, at once.
    static let answerWait = 3.0
    /// How often it looks meanwhile.
    static let lookEvery = 0.05

    /// What came of a request.
    enum Outcome: Equatable, Sendable {
        /// The box did it.
        case done
        /// The box would not, or could not: its words.
        case refused(String)
        /// No box runs (a controller plugged in starts it).
        case notRunning
        /// The box did not answer in time.
        case noAnswer
    }

    /// The box of the data folder `directory`, reached by `kill(2)`.
    static func live(directory: String) -> BoxControl {
        BoxControl(
            status: { BoxStatusFile.current(in: directory) },
            leave: { try $0.write(in: directory) },
            signal: { kill($0, $1) == 0 },
            pause: { try? await Task.sleep(for: .seconds(lookEvery)) })
    }

    /// The box's status while it runs, else nil.
    var running: BoxStatus? {
        if case .running(let status) = status() { return status }
        return nil
    }

    /// Asks the box for `request` and waits for its answer; `describe` words an error of leaving the request
    /// (a full disk) for the page.
    func ask(_ request: BoxRequest, describe: (any Error) -> String) async -> Outcome {
        guard let box = running else { return .notRunning }
        do { try leave(request) } catch { return .refused(describe(error)) }
        guard signal(box.processID, SIGUSR1) else { return .notRunning }
        for _ in 0..<Int(Self.answerWait / Self.lookEvery) {
            if let answer = running?.answer, answer.id == request.id {
                return answer.done ? .done : .refused(answer.problem ?? "")
            }
            await pause()
        }
        return .noAnswer
    }

    /// Asks the box to restart (it stops cleanly; its service starts it again). False when no box runs.
    func restart() -> Bool {
        guard let box = running else { return false }
        return signal(box.processID, SIGUSR2)
    }
}
