// DashboardHeader: the HTTP field names the dashboard uses that HTTPTypes has no name for.

import HTTPTypes

/// Field names without a shorthand in HTTPTypes, made once from constants of this module.
enum DashboardHeader {
    /// `Referrer-Policy`.
    static let referrerPolicy = name("Referrer-Policy")
    /// `X-CSRF-Token`: an upload's anti-forgery token (a form sends it as a field).
    static let csrfToken = name("X-CSRF-Token")
    /// `X-File-Name`: an upload's file name, percent-encoded (the SoundFont upload names its file by it).
    static let fileName = name("X-File-Name")

    /// `text` as a field name; only this module's constants come here, each a valid token.
    private static func name(_ text: String) -> HTTPField.Name {
        guard let name = HTTPField.Name(text) else { preconditionFailure("not an HTTP field name: \(text)") }
        return name
    }
}
