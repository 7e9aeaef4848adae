// PeachCommand: the `peach` command line: its subcommands, the one error exit, and the start screen.

import ArgumentParser
import Foundation
import Logging
import PeachALSA
import PeachStore
import PeachTraining

/// `peach`: the ear trainer's command line.
@main
struct PeachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: CLI.texts.help(.peachAbstract),
        discussion: CLI.texts.help(.peachDiscussion),
        version: CLI.version,
        subcommands: [
            TrainCommand.self, MatchCommand.self, MeasureCommand.self, ProfileCommand.self,
            SimulateCommand.self, ToneCommand.self,
            MonitorCommand.self, LearnCommand.self, DevicesCommand.self, SoundsCommand.self,
            SettingsCommand.self,
            DataCommand.self,
            InfoCommand.self, ServeCommand.self,
        ]
    )

    /// Parses, runs, and turns every failure into one line `peach: …` on stderr with its exit status: 64 for
    /// bad usage, 1 for other failures, 128 + n after signal n.
    static func main() async {
        // A closed pipe is an error to handle where it happens, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel =
                CLI.environment["PEACH_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
            return handler
        }
        let level = CLI.environment["PEACH_LOG_LEVEL"]
        ALSALibrary.printsDiagnostics(level == "debug" || level == "trace")
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            Foundation.exit(CLI.report(error, usage: true))
        }
        do {
            var command = command
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            Foundation.exit(CLI.report(error, usage: false))
        }
    }

    /// The start screen: a one-line profile preview over the training range (or how to begin), the mean
    /// difficulty and matching error, and the commands.
    func run() async throws {
        let texts = CLI.texts
        let locations = try CLI.locations(dataDirectory: nil)
        let settings: PeachSettings
        do {
            settings = try SettingsFile(path: locations.settingsFile).load().settings
        } catch {
            // The commands still help (`peach settings` repairs the file), then the error says what is wrong.
            Terminal.show(["Peach \(CLI.version)", ""] + texts.startCommands)
            throw error
        }
        let contents = try JournalStore.read(directory: locations.dataDirectory)
        let lines = ProfileReport.startScreen(
            contents: contents, range: settings.training.noteRange, texts: texts, version: CLI.version,
            width: Terminal.width)
        Terminal.show(lines)
    }
}

/// What every command shares: the environment, the language, the version, the folders, the settings, and the
/// one way failures are reported.
enum CLI {
    /// The process's environment.
    static let environment = ProcessInfo.processInfo.environment
    /// The catalogue in the user's language (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    static let texts = Texts(
        language: .from(environment: environment), marksNonASCII: environment["PEACH_MANUAL"] == "1")
    /// Semantic version of this build.
    static let version = "0.2.0"

    /// Peach's folders from the environment and an optional `--data-dir`.
    static func locations(dataDirectory: String?) throws -> DataLocations {
        try DataLocations(environment: environment, dataDirectoryOverride: dataDirectory)
    }

    /// The settings file of this user.
    static func settingsFile() throws -> SettingsFile {
        SettingsFile(path: try locations(dataDirectory: nil).settingsFile)
    }

    /// The settings (defaults when there is no file).
    /// - Throws: ``StoreError`` for an unreadable or broken settings file.
    static func loadSettings() throws -> PeachSettings {
        try settingsFile().load().settings
    }

    /// Refuses an output path that is, or links to, a file of the training data (in `dataDirectory`, else the
    /// default) or the settings.
    static func checkOutput(_ path: String, dataDirectory: String?) throws {
        try ProtectedFiles(locations(dataDirectory: dataDirectory)).check(output: path)
    }

    /// The settings as help texts show them, read once: argument-parser evaluates every option's help each time
    /// it makes a command, and reading a (large, or broken) file for each would make a start slow.
    static let settingsForHelp: PeachSettings = (try? loadSettings()) ?? .defaults

    /// The value of a setting as help texts show it (`C2-C6`); the default when the file cannot be read.
    static func setting(_ key: String) -> String {
        settingsForHelp.text(of: key) ?? ""
    }

    /// Writes `peach: message` for `error` on stderr and returns the exit status. ArgumentParser's own
    /// outcomes (help, version, a parse error) keep their meaning; a parse error gets the same one-line form.
    static func report(_ thrown: any Error, usage: Bool) -> Int32 {
        let error = unparsableValue(in: thrown) ?? ownError(in: thrown)
        if let exit = error as? ExitCode { return exit.rawValue }
        let code = PeachCommand.exitCode(for: error)
        if code == .success || error is CleanExit {  // --help, --version
            let message = PeachCommand.fullMessage(for: error)
            if message.hasPrefix("OVERVIEW: ") || message.hasPrefix("USAGE: ")
                || message.contains("\nUSAGE: ")
            {
                // A help screen: ArgumentParser's headings and notes in the user's language, fitted to the
                // terminal.
                Terminal.show(texts.argumentParserText(message))
            } else {
                // The version, a completion script, the help dump for the manual: exactly as they are.
                Terminal.emit(message)
            }
            return 0
        }
        // Peach's own errors in the user's language; ArgumentParser's parse and validation errors in its words,
        // translated.
        let (message, status) =
            texts.failure(for: error)
            ?? (texts.argumentParserText(PeachCommand.message(for: error)), usage ? 64 : code.rawValue)
        Terminal.emitError("peach: " + message)
        return status == 0 ? 1 : status
    }
}

extension CLI {
    /// The error a `validate()` threw, out of the wrapper ArgumentParser puts around it (its internal
    /// `CommandError` holding `ParserError.userValidationError(error)`), so Peach's own errors get Peach's
    /// words; anything else as it is.
    static func ownError(in error: any Error) -> any Error {
        guard let parserError = Mirror(reflecting: error).descendant("parserError") else { return error }
        let payload = Mirror(reflecting: parserError).children.first { $0.label == "userValidationError" }?
            .value
        return payload as? any Error ?? error
    }

    /// What each option's values look like, for a value ArgumentParser could not parse (a number otherwise).
    static let valueForms: [String: SpecKind] = [
        "--range": .noteRange, "--midi-in": .midiInput, "--output": .midiOutput, "--audio-out": .audioOutput,
        "--latency": .latency, "--midi-channels": .midiChannels, "--midi-tuning": .midiTuning,
        "<note>": .note,
        "--mode": .simulationMode, "--format": .exportFormat,
        "--trials": .wholeNumber, "--seed": .wholeNumber, "--days": .wholeNumber,
        "--midi-program": .wholeNumber,
        "--bend-range": .wholeNumber,
    ]

    /// A value ArgumentParser could not parse (`ParserError.unableToParseValue`, inside its internal wrapper),
    /// as Peach's own ``CommandError/invalidSpec(option:value:expected:)``, so it is worded like every other
    /// bad value, in the user's language.
    static func unparsableValue(in error: any Error) -> CommandError? {
        guard let parserError = Mirror(reflecting: error).descendant("parserError"),
            let payload = Mirror(reflecting: parserError).children.first(where: {
                $0.label == "unableToParseValue"
            })?
            .value
        else { return nil }
        let fields = Array(Mirror(reflecting: payload).children)
        guard fields.count >= 4, let value = fields[2].value as? String else { return nil }
        let long =
            Mirror(reflecting: fields[1].value).children.first.map { Mirror(reflecting: $0.value) }?
            .children.first { $0.label == "long" }?.value as? String
        let key = Mirror(reflecting: fields[3].value).descendant("name") as? String
        guard let option = long.map({ "--" + $0 }) ?? key.map({ "<\($0)>" }) else { return nil }
        return .invalidSpec(option: option, value: value, expected: valueForms[option] ?? .number)
    }
}
