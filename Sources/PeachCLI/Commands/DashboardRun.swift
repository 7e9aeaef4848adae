// DashboardRun: what `peach web` does in a peach built with the dashboard (the Dashboard trait): serve, or set the password.

#if Dashboard
    import Logging
    import PeachAudio
    import PeachLive
    import PeachText
    import PeachTraining
    import PeachWeb

    /// `peach web`'s work, compiled only with the `Dashboard` package trait (on by default): everything that needs
    /// PeachWeb and its HTTP stack (SwiftNIO, Hummingbird), which a `peach` for the desk can leave out
    /// (`swift run -c release --disable-default-traits peach train` builds in about half the time).
    enum DashboardRun {
        /// Serves the dashboard `command` asks for and prints its address, or sets the password.
        static func run(_ command: WebCommand) async throws {
            let locations = try command.data.locations()
            if command.setPassword {
                try setPassword(PasswordFile(locations: locations))
                return
            }
            var configuration = DashboardServer.Configuration(
                host: command.address, port: command.port, locations: locations, version: CLI.version,
                profiles: { Completions.values.profileNames() }, hostNames: command.host, texts: CLI.texts)
            // An uploaded SoundFont is read as --soundfont reads one: every chunk and table checked.
            configuration.checkSoundFont = { _ = try SoundFont.open(path: $0) }
            let server = DashboardServer(configuration: configuration, logger: Logger(label: "peach.web"))
            try await server.run { url in
                Terminal.show(CLI.texts.dashboardAddress(url))
            }
        }

        /// Asks for the password (twice at a terminal) and keeps its hash.
        static func setPassword(_ file: PasswordFile) throws {
            let password = SecretPrompt.read(prompt: CLI.texts(.passwordPrompt)) ?? ""
            guard password.count >= PasswordFile.minimumLength else {
                throw CommandError.passwordTooShort(minimum: PasswordFile.minimumLength)
            }
            if SecretPrompt.isInteractive {
                let again = SecretPrompt.read(prompt: CLI.texts(.passwordAgain)) ?? ""
                guard again == password else { throw CommandError.passwordsDiffer }
            }
            do { try file.set(password) } catch { throw CommandError.cannotWrite(error) }
            Terminal.show(CLI.texts(.passwordSet))
        }
    }
#endif
