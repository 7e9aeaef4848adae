// DashboardTemplates: the dashboard's HTML as Mustache templates (every `{{value}}` is HTML-escaped).

/// The pages' Mustache templates. Values are inserted with `{{name}}`, which escapes them; the one raw insertion,
/// `{{{body}}}` in ``layout``, is a page this module rendered from its own template. No page has inline script or
/// style (the Content-Security-Policy allows neither); charts are images from the dashboard's own address.
///
/// The templates are files, `Resources/NAME.mustache`, edited as HTML and embedded in the program at build
/// time (SwiftPM's `embedInCode`): a box serves them with nothing installed beside the binary.
enum DashboardTemplates {
    /// Every page: the head, the navigation, the page's body.
    static let layout = text(PackageResources.layout_mustache)

    /// The overview: live answers, the summary per discipline, the profile chart.
    static let overview = text(PackageResources.overview_mustache)

    /// The progress page: the chart of the chosen period, its numbers.
    static let progress = text(PackageResources.progress_mustache)

    /// The recent practice sessions, newest first, each a link to its answers.
    static let sessions = text(PackageResources.sessions_mustache)

    /// One session: what it came to, and each answer.
    static let session = text(PackageResources.session_mustache)

    /// The box: its status log, its version, the disk.
    static let box = text(PackageResources.box_mustache)

    /// The settings, each with its value and what it allows; signed in, each value in a form of its own.
    static let settings = text(PackageResources.settings_mustache)

    /// Signing in: the password, and a token that ties the form to this browser.
    static let login = text(PackageResources.login_mustache)

    /// The data page: the exports, and (signed in) an import.
    static let data = text(PackageResources.data_mustache)

    /// Setting up the box: its sound output, its controller, a SoundFont, its log, a restart.
    static let setup = text(PackageResources.setup_mustache)

    /// An error page: the status and one line, nothing of the server's insides.
    static let error = text(PackageResources.error_mustache)

    /// An embedded file's text.
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
