// DashboardServer: `peach web`: the dashboard's HTTP server (Hummingbird on SwiftNIO) over the data folder.

import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import PeachCore
import PeachStore
import PeachText
import PeachTraining
import ServiceLifecycle

/// The dashboard: pages of the data folder's progress for a browser, served over HTTP by Hummingbird. Reading
/// needs nothing (the store without its lock, as ``DashboardStore`` says; the settings; the box's log);
/// downloading every answer, changing a setting or importing needs the password (``Authentication``). Pages are
/// in the browser's language (`Accept-Language`, through Peach's catalogues), have no script or style of their
/// own inline and load nothing from elsewhere (a box on a LAN without internet works the same).
///
/// Limits, because the page may be on a network: only the names it is reached by (``HostNames``); request heads
/// of at most 16 KiB (64 fields), form bodies of at most 16 KiB (413 beyond) and uploads of 32 MiB; connections
/// per client and in all (``ConnectionLimits``), each request's arrival and a stalled reader (``ConnectionGuard``);
/// idle connections close after 30 s, a live stream is sent something every 15 s and ends after 10 minutes (the
/// browser reconnects); two exports at a time, streamed without a file (``ExportDownload``); an unknown path is a
/// 404 page, and no error page says more than its status (no paths, no stack traces).
public struct DashboardServer: Sendable {
    /// Where and what to serve.
    public struct Configuration: Sendable {
        /// The address to listen on: `127.0.0.1` on a desk (only this computer), `0.0.0.0` or `::` on a box.
        public var host: String
        /// The TCP port; 0 takes a free one (the URL printed says which).
        public var port: Int
        /// The data folder and settings.
        public var locations: DataLocations
        /// Peach's version, in the footer and on the box page.
        public var version: String
        /// The time zone of times on the pages (the computer's).
        public var timeZone: TimeZone
        /// The controller profiles there are (the `profile` setting takes one of them).
        public var profiles: @Sendable () -> [String]
        /// The SoundFonts a setting saved from the dashboard may name (``DashboardSettingRules``).
        public var soundFonts: SoundFontLibrary
        /// The language of the lines the dashboard writes to the box's log (``DashboardAudit``).
        public var texts: Texts
        /// Names besides the computer's own that a browser may reach the dashboard by (`--host`: ``HostNames``).
        public var hostNames: [String]
        /// Checks that a file is a SoundFont Peach can play, as `--soundfont` does (the setup page's upload);
        /// throws why not. `peach web` gives Peach's SoundFont reader; unless given, only the file's RIFF `sfbk`
        /// header is checked (``SoundFontUpload/checkHeader(_:)``).
        public var checkSoundFont: @Sendable (String) throws -> Void = SoundFontUpload.checkHeader
        /// The way to the box (tests give their own; nil: the box of the data folder, by signals).
        var box: BoxControl?

        /// A configuration.
        public init(
            host: String = DashboardServer.defaultHost, port: Int = DashboardServer.defaultPort,
            locations: DataLocations, version: String, timeZone: TimeZone = .current,
            profiles: @escaping @Sendable () -> [String] = { [] }, hostNames: [String] = [],
            soundFonts: SoundFontLibrary = SoundFontLibrary(environment: ProcessInfo.processInfo.environment),
            texts: Texts = Texts(language: .english)
        ) {
            self.texts = texts
            self.soundFonts = soundFonts
            self.profiles = profiles
            self.hostNames = hostNames
            self.host = host
            self.port = port
            self.locations = locations
            self.version = version
            self.timeZone = timeZone
        }
    }

    /// Where the dashboard listens unless told: this computer only (``DashboardAddress``).
    public static let defaultHost = DashboardAddress.defaultHost
    /// The dashboard's port unless told (the box's `peach-web.service` uses it too).
    public static let defaultPort = DashboardAddress.defaultPort

    private let configuration: Configuration
    private let logger: Logger

    /// A server of `configuration`, logging to `logger`.
    public init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// The dashboard's router over `store`: every route, its middleware and its authentication, built apart from
    /// a server so the tests answer requests with it in process, without a socket.
    /// - Throws: the templates' error (a mistake of Peach's).
    static func router(
        configuration: Configuration, store: DashboardStore, logger: Logger
    ) throws -> Router<DashboardContext> {
        let pages = DashboardPages(
            renderer: try PageRenderer(version: configuration.version), locations: configuration.locations,
            timeZone: configuration.timeZone)
        let settingsFile = SettingsFile(path: configuration.locations.settingsFile)
        let profiles = configuration.profiles
        let protected = ProtectedFiles(configuration.locations)
        return DashboardRoutes(
            store: store, pages: pages, languages: LanguageNegotiation(),
            hosts: HostNames(listenAddress: configuration.host, extra: configuration.hostNames),
            authentication: Authentication(
                sessions: SessionStore(), password: PasswordFile(locations: configuration.locations)),
            editor: { SettingsEditor(file: settingsFile, profiles: profiles(), protected: protected) },
            soundFonts: configuration.soundFonts,
            audit: DashboardAudit(
                log: StatusLog(directory: configuration.locations.dataDirectory), logger: logger,
                texts: configuration.texts),
            logger: logger,
            box: configuration.box ?? BoxControl.live(directory: configuration.locations.dataDirectory),
            setup: SetupPage(pages: pages, soundFonts: configuration.soundFonts, profiles: profiles),
            checkSoundFont: configuration.checkSoundFont
        ).router()
    }

    /// Serves until SIGINT or SIGTERM; `onReady` gets the URL to open once the port is bound.
    /// - Throws: ``CommandError/cannotListen(address:port:errno:reason:)`` when it cannot listen (the port is
    ///   taken, the address is not this computer's); the templates' error (a mistake of Peach's).
    public func run(onReady: @escaping @Sendable (String) -> Void) async throws {
        // Pages are built all the server's life: each level's log-likelihoods are computed once for all of them,
        // and each fit is kept by its data, so a page after an answer refits only what the answer changed.
        ThresholdPosterior.keepFitsFromNowOn()
        let store = DashboardStore(directory: configuration.locations.dataDirectory)
        let router = try Self.router(configuration: configuration, store: store, logger: logger)
        let limits = ConnectionLimits()
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuard(limits: limits)],
            idleTimeout: .seconds(30),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 64))
        let host = configuration.host
        let app = Application(
            router: router, server: .http1(configuration: http1),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shown = host.contains(":") ? "[\(host)]" : host
                onReady("http://\(shown):\(port)/")
            },
            logger: logger)
        // Shut down in reverse order: the store first, which ends the live streams, so the server's graceful
        // shutdown does not wait for pages that never stop by themselves.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [app, store], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as IOError {
            throw CommandError.cannotListen(
                address: host, port: configuration.port, errno: error.errnoCode, reason: "\(error)")
        } catch let error as SocketAddressError {
            throw CommandError.cannotListen(
                address: host, port: configuration.port, errno: nil, reason: "\(error)")
        }
    }
}
