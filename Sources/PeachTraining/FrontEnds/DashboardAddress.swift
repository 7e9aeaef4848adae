// DashboardAddress: where `peach web` listens unless told, known to the command line with or without the dashboard.

/// Where the dashboard listens unless told. It lives here, not in PeachWeb, so the command line offers the same
/// defaults in `peach web --help` whether or not this `peach` was built with the dashboard (the `Dashboard`
/// package trait).
public enum DashboardAddress {
    /// This computer only.
    public static let defaultHost = "127.0.0.1"
    /// The dashboard's port (the box's `peach-web.service` uses it too).
    public static let defaultPort = 8765
}
