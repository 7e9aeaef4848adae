// swift-tools-version: 6.1
// Peach for Linux: an ear trainer driven by MIDI controllers, built as an ALSA sequencer client.
import PackageDescription

let package = Package(
    name: "Peach",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "peach", targets: ["peach"])
    ],
    // `Dashboard` (on by default) builds `peach web` into `peach`: PeachWeb and its HTTP stack (SwiftNIO,
    // Hummingbird), more than half of a fresh release build's CPU. The README's first command leaves it out
    // (`swift run -c release --disable-default-traits peach train`); the tests, CI and the .deb build it in.
    traits: [
        .default(enabledTraits: ["Dashboard"]),
        .trait(name: "Dashboard", description: "peach web: the dashboard and its HTTP server"),
    ],
    dependencies: [
        // Pinned to 1.8.x: ParserErrors reads the parser's internal error cases with Mirror (to word them in
        // German), and those are not API; a new minor version is taken by hand, with the German parse-error
        // tests (CatalogueTests) run against it.
        .package(url: "https://github.com/apple/swift-argument-parser", .upToNextMinor(from: "1.8.2")),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // The dashboard's HTTP server (`peach web`), on SwiftNIO; without its default traits (swift-configuration
        // and full Foundation are not needed, and each adds build time on a Pi and in the arm64 cross build).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // The dashboard's password hash (bcrypt; only its small C core is built, nothing of swift-crypto).
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // The dashboard's HTML templates: Mustache escapes every value it inserts unless told otherwise.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // SwiftNIO, under Hummingbird: its I/O errors (a port in use) are read to say what went wrong.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // HTTP request and response parts in the dashboard's connection pipeline (ConnectionGuard), as Hummingbird's
        // HTTP/1 channel hands them on.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // HTTP's field names for the dashboard's own headers (Hummingbird's types).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The dashboard's lifetime (graceful shutdown on SIGINT and SIGTERM), as Hummingbird runs it.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The domain: value types, tuning, strategies, profile, sessions and ports. No I/O.
        .target(name: "PeachCore"),
        // The one funnel for file descriptors (swift-system): one EINTR policy, one error type (FileError).
        .target(
            name: "PeachSystem",
            dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // The internal synth and audio sinks.
        .target(name: "PeachAudio", dependencies: ["PeachCore", "PeachSystem", "CPeachDSP"]),
        // The render path's unchecked conversions, as static inline C functions inlined into the synth.
        .target(name: "CPeachDSP"),
        // MIDI 1.0 messages, controller profiles and the external-synth note player.
        .target(name: "PeachMIDI", dependencies: ["PeachCore", "PeachSystem"]),
        // CRC-32C with the processor's instruction (SSE 4.2, arm64's CRC extension), chosen at run time.
        .target(name: "CPeachCRC"),
        // A plain C MIDI byte-stream state machine: the peer PeachBenchmarks measures MIDIByteParser against.
        .target(name: "CMIDIPeer"),
        // malloc and pthread_mutex_lock interposed, counting one thread's calls: PeachBenchmarks only (the render
        // path's allocation-free, lock-free rule, checked by `PeachBenchmarks allocations` and its test).
        .target(name: "CAllocationCounter", linkerSettings: [.linkedLibrary("dl")]),
        // The JSON store: records, settings, durability.
        .target(name: "PeachStore", dependencies: ["PeachCore", "PeachSystem", "CPeachCRC"]),
        // libasound, with ALSA's C macros wrapped as static inline functions.
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        // The only module that talks to ALSA.
        .target(name: "PeachALSA", dependencies: ["PeachAudio", "PeachMIDI", "PeachSystem", "CALSA"]),
        // What Swift needs to call libjack (a variadic function, two structs); libjack itself is loaded at run
        // time, so JACK adds no build dependency.
        .target(name: "CPeachJACK"),
        // The JACK client: the internal synth and MIDI input through a JACK server (libjack via dlopen).
        .target(
            name: "PeachJACK",
            dependencies: ["PeachAudio", "PeachMIDI", "PeachCore", "PeachSystem", "CPeachJACK"]),
        // The application: a training run over ports (clock, sound, store, input, presenters), the practice box,
        // simulation, the chart data, the settings editor and the commands' checks; no text (PeachText words it),
        // no ALSA and no live adapter: every front end is thin over it.
        .target(
            name: "PeachTraining",
            dependencies: [
                "PeachCore", "PeachAudio", "PeachMIDI", "PeachStore", "PeachSystem",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The words: the EN/DE catalogue and everything that turns the application's values into text
        // (the terminal screen, the events stream, reports and charts, MIDI as text).
        .target(
            name: "PeachText",
            dependencies: [
                "PeachTraining", "PeachCore", "PeachAudio", "PeachMIDI", "PeachStore", "PeachSystem",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The live adapters that are not ALSA (terminal, keyboard, signals, the live clock, logs) and the
        // launchers that wire live ports to the application.
        .target(
            name: "PeachLive",
            dependencies: [
                "PeachTraining", "PeachText", "PeachCore", "PeachAudio", "PeachMIDI", "PeachStore",
                "PeachSystem",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Fakes of every port, shared by all test targets.
        .target(
            name: "PeachTestSupport",
            dependencies: [
                "PeachCore", "PeachAudio", "PeachMIDI", "PeachStore", "PeachTraining", "PeachText",
                "PeachSystem",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The dashboard in a browser (`peach web`): pages, charts, live answers and exports over HTTP, reading the
        // store read-only.
        .target(
            name: "PeachWeb",
            dependencies: [
                "PeachCore", "PeachStore", "PeachText", "PeachTraining", "PeachSystem",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The pages' templates, style sheet and script: real files, embedded in the program at build time.
            resources: [
                .embedInCode("Resources/layout.mustache"),
                .embedInCode("Resources/overview.mustache"),
                .embedInCode("Resources/progress.mustache"),
                .embedInCode("Resources/sessions.mustache"),
                .embedInCode("Resources/session.mustache"),
                .embedInCode("Resources/box.mustache"),
                .embedInCode("Resources/settings.mustache"),
                .embedInCode("Resources/login.mustache"),
                .embedInCode("Resources/data.mustache"),
                .embedInCode("Resources/setup.mustache"),
                .embedInCode("Resources/error.mustache"),
                .embedInCode("Resources/dashboard.css"),
                .embedInCode("Resources/live.js"),
            ]),
        // The `peach` command line as a library: argument parsing and the wiring of live ports (ALSA, files,
        // terminal), so its fast tests parse every subcommand in process.
        .target(
            name: "PeachCLI",
            dependencies: [
                "PeachCore", "PeachAudio", "PeachMIDI", "PeachStore", "PeachALSA", "PeachJACK",
                "PeachTraining",
                "PeachText", "PeachLive", "PeachSystem",
                // `peach web`: only with the Dashboard trait (the default; see `traits` above).
                .target(name: "PeachWeb", condition: .when(traits: ["Dashboard"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The `peach` executable: PeachCLI's command, run.
        .executableTarget(name: "peach", dependencies: ["PeachCLI"]),
        // libFuzzer's driver over the parsers of outside input (scripts/fuzz builds it with -DFUZZING); in a
        // plain build, a replayer of inputs (crashes found become regression inputs under Fuzz/regressions).
        .executableTarget(
            name: "PeachFuzz",
            dependencies: ["PeachAudio", "PeachCore", "PeachMIDI", "PeachStore", "PeachSystem", "PeachText"]),
        // A test tool: appends records and acknowledges each durable one (the kill -9 test drives it).
        .executableTarget(name: "PeachJournalWriter", dependencies: ["PeachCore", "PeachStore"]),
        // Release-build benchmarks that print their figures.
        .executableTarget(
            name: "PeachBenchmarks",
            dependencies: [
                "PeachCore", "PeachStore", "PeachAudio", "PeachMIDI", "PeachALSA", "PeachTraining",
                "PeachText", "PeachLive", "PeachTestSupport", "PeachSystem", "CMIDIPeer",
                "CAllocationCounter",
            ]),
        .testTarget(name: "PeachCoreTests", dependencies: ["PeachCore", "PeachTestSupport"]),
        .testTarget(name: "PeachAudioTests", dependencies: ["PeachAudio", "PeachCore", "PeachTestSupport"]),
        .testTarget(name: "PeachMIDITests", dependencies: ["PeachMIDI", "PeachCore", "PeachTestSupport"]),
        .testTarget(
            name: "PeachStoreTests", dependencies: ["PeachStore", "PeachCore", "PeachTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PeachALSATests",
            dependencies: [
                "PeachALSA", "PeachJACK", "PeachAudio", "PeachCore", "PeachMIDI", "PeachLive",
                "PeachTestSupport",
            ]),
        // The JACK client's own logic (its cycle clock); the client against a real jackd is end to end.
        .testTarget(name: "PeachJACKTests", dependencies: ["PeachJACK", "PeachCore"]),
        .testTarget(
            name: "PeachTrainingTests",
            dependencies: [
                "PeachTraining", "PeachText", "PeachLive", "PeachCore", "PeachAudio", "PeachMIDI",
                "PeachStore", "PeachTestSupport",
            ]),
        .testTarget(
            name: "PeachTextTests",
            dependencies: [
                "PeachText", "PeachTraining", "PeachCore", "PeachAudio", "PeachMIDI", "PeachStore",
                "PeachSystem",
                "PeachTestSupport",
            ]),
        .testTarget(
            name: "PeachLiveTests",
            dependencies: [
                "PeachLive", "PeachText", "PeachTraining", "PeachCore", "PeachMIDI", "PeachTestSupport",
            ]),
        .testTarget(
            name: "PeachWebTests",
            dependencies: [
                "PeachWeb", "PeachStore", "PeachText", "PeachCore", "PeachTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The command line parsed in process: every subcommand's options, without spawning the binary.
        .testTarget(
            name: "PeachCLITests",
            dependencies: [
                "PeachCLI", "PeachCore", "PeachTraining", "PeachStore", "PeachText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "PeachSystemTests",
            dependencies: ["PeachSystem", .product(name: "SystemPackage", package: "swift-system")]),
        // The end-to-end tier: every test that runs a process (the `peach` binary, the kill -9 writer, jackd,
        // msgfmt) or blocks a thread for long. The other targets are the fast tier (CONTRIBUTING.md).
        .testTarget(
            name: "PeachEndToEndTests",
            dependencies: [
                "PeachCore", "PeachTestSupport", "PeachStore", "PeachJACK", "PeachAudio", "PeachMIDI",
                "PeachSystem", "PeachALSA",
                "PeachText",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
