// PeachCommand: the `peach` command line: its subcommands, version and logging setup.

import ArgumentParser
import Foundation
import Logging
import PeachALSA
import PeachMIDI
import PeachStore

/// `peach`: the ear trainer's command line.
@main
struct PeachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Peach trains your ear for pitch: discrimination (higher or lower?) and matching.",
        discussion: """
            Run 'peach simulate' to watch a full training session answered by a simulated listener.
            Set PEACH_LOG_LEVEL (trace, debug, info, notice, warning, error) for diagnostics on stderr.
            """,
        version: PeachVersion.current,
        subcommands: [
            SimulateCommand.self, ToneCommand.self, MonitorCommand.self, LearnCommand.self,
            DevicesCommand.self,
            SettingsCommand.self, DataCommand.self, InfoCommand.self,
        ]
    )

    static func main() {
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
            try command.run()
        } catch {
            exit(withError: error)
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
            let failure: CommandFailure
            switch error {
            case let known as CommandFailure: failure = known
            case let store as StoreError:
                failure = CommandFailure(message: Messages.describe(store), status: 1)
            case let alsa as ALSAError:
                failure = CommandFailure(message: Messages.describe(alsa), status: 1)
            case let profile as ProfileError:
                failure = CommandFailure(message: Messages.describe(profile), status: 1)
            case let midi as MIDIInputError:
                failure = CommandFailure(message: Messages.describe(midi), status: 1)
            case let known as CustomStringConvertible:
                failure = CommandFailure(message: known.description, status: 1)
            default: failure = CommandFailure(message: "\(error.localizedDescription)", status: 1)
            }
            FileHandle.standardError.write(Data("peach: \(failure.message)\n".utf8))
            throw ExitCode(failure.status)
        }
    }
}
