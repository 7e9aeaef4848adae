// PeachCommand: the `peach` command line: its subcommands, version and logging setup.

import ArgumentParser
import Foundation
import Logging
import PeachALSA
import PeachMIDI
import PeachStore

/// `peach`: the ear trainer's command line.
@main
struct PeachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: Messages.pick(
            "Peach trains your ear for pitch: discrimination (higher or lower?) and matching.",
            "Peach trainiert dein Gehör für Tonhöhen: unterscheiden (höher oder tiefer?) und abstimmen."),
        discussion: """
            'peach' alone shows the start screen: your profile at a glance and the commands.
            Run 'peach simulate' to watch a full training session answered by a simulated listener.
            Set PEACH_LOG_LEVEL (trace, debug, info, notice, warning, error) for diagnostics on stderr.
            """,
        version: PeachVersion.current,
        subcommands: [
            TrainCommand.self, MatchCommand.self, ProfileCommand.self, SimulateCommand.self, ToneCommand.self,
            MonitorCommand.self,
            LearnCommand.self,
            DevicesCommand.self,
            SettingsCommand.self, DataCommand.self, InfoCommand.self,
        ]
    )

    static func main() async {
        // A closed pipe is an error to handle where it happens (a wake-up pipe, `peach monitor | head`), not a
        // reason to die.
        signal(SIGPIPE, SIG_IGN)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            let level = ProcessInfo.processInfo.environment["PEACH_LOG_LEVEL"].flatMap(
                Logger.Level.init(rawValue:))
            handler.logLevel = level ?? .warning
            return handler
        }
        let level = ProcessInfo.processInfo.environment["PEACH_LOG_LEVEL"]
        ALSALibrary.printsDiagnostics(level == "debug" || level == "trace")
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

extension PeachCommand {
    /// The start screen: a one-line profile preview over the training range (or how to begin), the current
    /// threshold and matching error, and the commands.
    func run() async throws {
        try self.reportingFailures {
            let texts = Texts.current
            let locations = try resolveLocations(dataDirectory: nil)
            let settings = try SettingsFile(path: locations.settingsFile).load().settings
            let contents = try JournalStore.read(directory: locations.dataDirectory)
            let report = ProfileReport(
                contents: contents, range: settings.training.noteRange, texts: texts, days: 1)
            print("Peach \(PeachVersion.current)")
            if let sparkline = report.sparkline {
                let range = settings.training.noteRange
                print("\(range.lowerBound.name) \(sparkline) \(range.upperBound.name)")
                print(
                    texts.startSummary(
                        threshold: contents.profile.overallMean,
                        matching: contents.profile.matching.meanAbsoluteError))
            } else {
                print(texts.emptyProfile)
            }
            print("")
            for line in texts.startCommands { print(line) }
        }
    }
}

/// The version of this build of Peach.
enum PeachVersion {
    /// Semantic version.
    static let current = "0.1.0"
}

/// A failure the command line reports in one line, with the exit status it causes.
struct CommandFailure: Error, CustomStringConvertible {
    /// The one-line message (without the `peach:` prefix).
    let message: String
    /// The exit status: 64 for bad usage, 1 for other failures.
    let status: Int32

    /// A bad option or argument value.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, status: 64) }

    var description: String { message }
}

extension ParsableCommand {
    /// Runs `body`, turning any failure into one line `peach: message` on stderr and an exit status:
    /// a ``CommandFailure`` with its own status, a store error or any other error with status 1.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw Messages.report(error)
        }
    }
}

/// The async form of ``ParsableCommand/reportingFailures(_:)``.
@MainActor
func reportingFailures(_ body: @MainActor () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        throw Messages.report(error)
    }
}

extension Messages {
    /// The one-line failure for any error: a ``CommandFailure`` as it is; store, ALSA, profile and MIDI errors
    /// worded here; anything else by its description (status 1).
    static func failure(for error: any Error) -> CommandFailure {
        switch error {
        case let known as CommandFailure: known
        case let store as StoreError: CommandFailure(message: describe(store), status: 1)
        case let alsa as ALSAError: CommandFailure(message: describe(alsa), status: 1)
        case let profile as ProfileError: CommandFailure(message: describe(profile), status: 1)
        case let midi as MIDIInputError: CommandFailure(message: describe(midi), status: 1)
        case let known as CustomStringConvertible: CommandFailure(message: known.description, status: 1)
        default: CommandFailure(message: "\(error.localizedDescription)", status: 1)
        }
    }

    /// Writes `peach: message` for `error` on stderr and returns the exit code to throw.
    static func report(_ error: any Error) -> ExitCode {
        let failure = failure(for: error)
        FileHandle.standardError.write(Data("peach: \(failure.message)\n".utf8))
        return ExitCode(failure.status)
    }
}
