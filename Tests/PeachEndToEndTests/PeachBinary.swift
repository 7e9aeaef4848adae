// PeachBinary: runs the built `peach` executable and captures what it prints.

import Foundation
import Synchronization

/// The `peach` executable built next to the test bundle, and a way to run it.
enum PeachBinary {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The path of the built `peach` executable (`swift build` puts it beside the test bundle), or the one
    /// `PEACH_TEST_BINARY` names (a release build, for a measurement: `scripts/latency-vm play release`).
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["PEACH_TEST_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("peach")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/peach")
    }

    /// The shipped controller profiles of this source tree, passed to every run as `PEACH_PROFILES_DIR`, so the
    /// tests pass wherever the build folder is (`swift test --scratch-path /elsewhere`).
    static let profilesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Profiles").path

    /// The environment every run starts from: no home, the shipped profiles, a plain PATH, a wide screen
    /// (`COLUMNS=250`: tests of what a screen says need not follow its line breaks; the tests of how screens fit
    /// set `COLUMNS` empty, the unknown width of 80), and the sanitizers' options of a sanitized test run
    /// (`ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address`).
    static let baseEnvironment = [
        "HOME": "/nonexistent-home", "PATH": "/usr/bin:/bin", "PEACH_PROFILES_DIR": profilesDirectory,
        "COLUMNS": "250", "PEACH_KEYBOARD_LAYOUT": "qwerty",
    ].merging(ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }) { $1 }

    /// Runs `peach` with `arguments` and the given environment (merged over a minimal one).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(url, arguments, environment: environment, typing: nil)
    }

    /// A `peach` started and still running, its output and errors to read as they come.
    struct Running {
        let process: Process
        let output: Pipe
        let errors: Pipe
    }

    /// Starts `peach` with `arguments` (stdin empty) and ``baseEnvironment`` merged with `environment`, with at
    /// most `openFiles` open files when given (through prlimit(1), which then becomes `peach`); the caller reads
    /// its pipes and waits for it.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], openFiles: Int? = nil
    ) throws -> Running {
        let process = Process()
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(openFiles):\(openFiles)", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        process.environment = baseEnvironment.merging(environment) { $1 }
        let running = Running(process: process, output: Pipe(), errors: Pipe())
        process.standardOutput = running.output
        process.standardError = running.errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return running
    }

    /// Runs a shell command line on a pseudo-terminal (script(1)), typing `typing` at it; returns script's
    /// exit status (the command's) and everything the terminal showed.
    static func runInTerminal(
        _ commandLine: String, typing: String, environment: [String: String] = [:]
    ) throws -> (status: Int32, text: String) {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", commandLine, "/dev/null"],
            environment: environment,
            typing: typing)
        return (result.status, result.standardOutput)
    }

    /// Runs `executable` with ``baseEnvironment`` merged with `environment`, in `directory` (the test's own
    /// when nil); stdin gets `typing` (kept open) or nothing.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], typing: String?,
        directory: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = baseEnvironment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = typing == nil ? FileHandle.nullDevice : input
        try process.run()
        let watchdog = Watchdog(process)
        if let typing { input.fileHandleForWriting.write(Data(typing.utf8)) }
        // stderr is read on its own thread: a run that fills one pipe while the other is read would block. A
        // thread, not a dispatch worker, which a busy pool could hold back (then this waited for ever).
        let errorData = Mutex(Data())
        let errorRead = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        Thread {
            let data = errorHandle.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            errorRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        watchdog.disarm("\(executable.lastPathComponent) \(arguments.joined(separator: " "))")
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
