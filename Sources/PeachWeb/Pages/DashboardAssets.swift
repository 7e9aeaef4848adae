// DashboardAssets: the dashboard's style sheet and its one script, served from its own address (no CDN).

/// The static files the pages use, compiled in: a box on a LAN without internet shows the same pages. They are
/// files (`Resources/dashboard.css`, `Resources/live.js`) embedded at build time, like the templates.
enum DashboardAssets {
    /// The style sheet: one column on a phone (375 px wide without horizontal scrolling), wider on a desk.
    static let styleSheet = DashboardTemplates.text(PackageResources.dashboard_css)

    /// The overview's live feed: answers arrive as Server-Sent Events (`/events`) and are put in as text
    /// (`textContent`, never HTML), newest first, ten at most. And the data page's import: the chosen file is
    /// sent as it is with the session's CSRF token in a header, and the answer shown as text.
    static let liveScript = DashboardTemplates.text(PackageResources.live_js)
}
