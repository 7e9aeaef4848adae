// PeachCommand: the `peach` command line: its subcommands, the one error exit, and the start screen.

import ArgumentParser
import Foundation
import Logging
import PeachALSA
import PeachCore
import PeachLive
import PeachMIDI
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// `peach`: the ear trainer's command line. The `peach` executable runs ``runCommandLine()``; tests parse with it in
/// process (`parseAsRoot`), without spawning the binary.
public struct PeachCommand: AsyncParsableCommand {
    /// The command and its subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: CLI.texts.help(.peachAbstract),
        discussion: CLI.texts.help(.peachDiscussion),
        version: CLI.version,
        subcommands: [
            TrainCommand.self, MatchCommand.self, MeasureCommand.self, TimingCommand.self, TapCommand.self,
            EchoCommand.self,
            PlayCommand.self,
            ProfileCommand.self,
            SimulateCommand.self, ToneCommand.self,
            MonitorCommand.self, LearnCommand.self, DevicesCommand.self, SoundsCommand.self,
            SettingsCommand.self,
            DataCommand.self,
            InfoCommand.self, ServeCommand.self, WebCommand.self,
        ]
    )

    /// A command that shows the start screen.
    public init() {}

    /// Parses, runs, and turns every failure into one line `peach: …` on stderr with its exit status: 64 for
    /// bad usage, 1 for other failures, 128 + n after signal n.
    /// The arguments to parse: `arguments`, except that `--help` after a word that names no command is left
    /// out, so `peach gui --help` says there is no command `gui` (as `peach gui` does) instead of showing the
    /// main help and exiting 0.
    static func arguments(_ arguments: ArraySlice<String>) -> [String] {
        guard let first = arguments.first, !first.hasPrefix("-") else { return Array(arguments) }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first) else { return Array(arguments) }
        return arguments.filter { $0 != "--help" && $0 != "-h" }
    }

    /// Refuses a first word (or the word after `help`) that names no command, with the command two letters away
    /// or nearer if there is one (`peach trian`: did you mean `train`?), before argument-parser reads it as an
    /// unexpected argument or shows the overview with status 0.
    /// - Throws: ``CommandError/unknownCommand(_:nearest:)``.
    static func checkCommandWord(_ arguments: [String]) throws(CommandError) {
        let names = configuration.subcommands.map { $0._commandName }
        var words = arguments.prefix { !$0.hasPrefix("-") }
        if words.first == "help" { words = words.dropFirst() }
        guard let word = words.first, !names.contains(word), word != "help" else { return }
        let nearest = names.map { ($0, Self.editDistance($0, word)) }.filter { $0.1 <= 2 }.min {
            $0.1 < $1.1
        }?.0
        throw .unknownCommand(word, nearest: nearest)
    }

    /// How many letters must be changed, added or removed to make `a` into `b` (Levenshtein).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let (first, second) = (Array(a), Array(b))
        var previous = Array(0...second.count)
        for (row, letter) in first.enumerated() {
            var current = [row + 1]
            for (column, other) in second.enumerated() {
                let changed: Int = previous[column] + (letter == other ? 0 : 1)
                let removed: Int = previous[column + 1] + 1
                let added: Int = current[column] + 1
                current.append(min(changed, removed, added))
            }
            previous = current
        }
        return previous[second.count]
    }

    /// Parses the process's arguments, runs the command, and exits with its status: the `peach` executable's
    /// one call (argument-parser's own `main()` would word errors and exit statuses its way).
    /// On the main actor, as an `@main` entry point is: the commands assume it (the sessions, the launchers).
    @MainActor
    public static func runCommandLine() async {
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
            try Self.checkCommandWord(Array(CommandLine.arguments.dropFirst()))
            command = try parseAsRoot(Self.arguments(CommandLine.arguments.dropFirst()))
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
    public func run() async throws {
        try ProfileReport.showStartScreen(
            at: try CLI.locations(dataDirectory: nil), texts: CLI.texts, version: CLI.version,
            width: Terminal.width, show: Terminal.show)
    }
}

/// What every command shares: the environment, the language, the version, the folders, the settings, and the
/// one way failures are reported.
enum CLI {
    /// The process's environment.
    static let environment = ProcessInfo.processInfo.environment
    /// The catalogue in the user's language (`LC_ALL`, `LC_MESSAGES`, `LANG`), naming the computer keyboard's
    /// piano keys as this machine's keyboard layout has them.
    static let texts = {
        var texts = Texts(
            language: .from(environment: environment), marksNonASCII: environment["PEACH_MANUAL"] == "1")
        texts.keyboardLayout = KeyboardLayout.detected(environment: environment)
        return texts
    }()
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
    static func setting(_ key: SettingKey) -> String {
        texts.settingValue(settingsForHelp.text(of: key), of: key)
    }

    /// Writes `peach: message` for `error` on stderr and returns the exit status. ArgumentParser's own
    /// outcomes (help, version, a parse error) keep their meaning; a parse error gets the same one-line form.
    static func report(_ thrown: any Error, usage: Bool) -> Int32 {
        let error = ParserErrors.unparsableValue(in: thrown) ?? ParserErrors.ownError(in: thrown)
        if let exit = error as? ExitCode { return exit.rawValue }
        let code = PeachCommand.exitCode(for: error)
        if code == .success || error is CleanExit {  // --help, --version
            // A help screen in the user's language, fitted to the terminal; the version, a completion script or
            // the help dump for the manual exactly as they are.
            let message = PeachCommand.fullMessage(for: error)
            if ParserErrors.isHelpScreen(message) {
                Terminal.show(texts.argumentParserText(message))
            } else {
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
        // The first command of the README (`swift run … peach train`) on a machine with no sound card ends here
        // (the default device missing): the next lines of the README type `peach`, which is not on the PATH yet.
        if let device = error as? DeviceError, device.kind == .noSuchDevice, device.device == "alsa:default",
            let executable = FileSystem.realPath("/proc/self/exe"), executable.contains("/.build")
        {
            Terminal.emitError(texts.notOnPath(executable: executable))
        }
        return status == 0 ? 1 : status
    }
}
