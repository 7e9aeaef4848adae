// DashboardAudit: what the owner should know of the dashboard (sign-ins failed, settings changed), where they look.

import Foundation
import Logging
import PeachText
import PeachTraining

/// The lines of the dashboard a box owner should see: failed sign-ins (the first few of each quarter hour, then
/// one line that sign-ins are slowed: ``SessionStore``), settings changed and imports, each with the client's
/// address. They go to the log at warning level (the journal shows them) and to the box's log in the data
/// folder (``StatusLog``: `peach serve --status` and the Box page), written (and synced) off the server's
/// threads before the request is answered.
struct DashboardAudit: Sendable {
    /// The box's log.
    let log: StatusLog
    /// The server's log.
    let logger: Logger
    /// The language of the lines (the server's).
    let texts: Texts

    /// Writes `line` to both logs.
    func record(_ line: String) async {
        logger.warning("\(line)")
        let log = log
        try? await BlockingWork.run { log.append(line, at: Date()) }
    }
}
