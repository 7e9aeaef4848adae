// PageRenderer: turns a page's values into HTML through the dashboard's Mustache templates.

import Mustache
import PeachText

/// The dashboard's templates, parsed once, and the layout every page is put in. Values go in as Mustache
/// values (`{{name}}` escapes them), so nothing from the store, the settings or the request is pasted as HTML.
struct PageRenderer: Sendable {
    /// A page of the dashboard's navigation.
    enum Page: String, CaseIterable, Sendable {
        case overview, progress, sessions, box, setup, settings, data

        /// Its address.
        var path: String { self == .overview ? "/" : "/" + rawValue }
    }

    private let library: MustacheLibrary
    /// Peach's version, in every page's footer.
    let version: String

    /// The templates of ``DashboardTemplates``, parsed; `version` in the footer.
    /// - Throws: the parser's error for a broken template (a mistake of this module; a test renders every page).
    init(version: String) throws {
        self.version = version
        var library = MustacheLibrary()
        for (name, template) in [
            ("layout", DashboardTemplates.layout), ("overview", DashboardTemplates.overview),
            ("progress", DashboardTemplates.progress), ("box", DashboardTemplates.box),
            ("settings", DashboardTemplates.settings), ("data", DashboardTemplates.data),
            ("error", DashboardTemplates.error), ("login", DashboardTemplates.login),
            ("sessions", DashboardTemplates.sessions), ("session", DashboardTemplates.session),
            ("setup", DashboardTemplates.setup),
        ] {
            try library.register(template, named: name)
        }
        self.library = library
    }

    /// The whole document: `template` rendered with `values`, in the layout titled `title`, `current` marked
    /// in the navigation, `notices` above the page; signed in (`session`), a way to sign out, and the session's
    /// CSRF token and `signedIn` among the page's values.
    func document(
        _ template: String, values: [String: Any], title: String, current: Page?, notices: [String] = [],
        texts: Texts, session: SessionStore.Session? = nil
    ) -> String {
        var values = values
        values["signedIn"] = session != nil
        values["csrf"] = session?.csrf ?? values["csrf"] ?? ""
        let body = library.render(values, withTemplate: template) ?? ""
        let navigation: [[String: Any]] = Page.allCases.map { page in
            ["href": page.path, "label": Self.name(of: page, texts: texts), "current": page == current]
        }
        let layout: [String: Any] = [
            "language": texts.language.code.prefix { $0 != "_" }.description, "title": title,
            "skipToContent": texts(.skipToContent), "navigationLabel": texts(.navigation),
            "navigation": navigation, "notices": notices, "body": body, "version": version,
            "signedIn": session != nil, "csrf": session?.csrf ?? "", "signIn": texts(.signIn),
            "signOut": texts(.signOut),
        ]
        return library.render(layout, withTemplate: "layout") ?? ""
    }

    /// A page's name in the navigation and as its title.
    static func name(of page: Page, texts: Texts) -> String {
        switch page {
        case .overview: texts(.overview)
        case .progress: texts(.progress)
        case .sessions: texts(.sessions)
        case .box: texts(.box)
        case .setup: texts(.setUp)
        case .settings: texts(WebPhrase.settings)
        case .data: texts(.yourData)
        }
    }
}
