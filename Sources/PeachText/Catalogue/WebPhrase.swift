// WebPhrase: the dashboard's plain phrases (`peach web`), each a case with its English (translations in po/).

/// The plain phrases of the dashboard's pages: the English here, the translations in `po/` (a test checks every
/// case in both languages).
public enum WebPhrase: CaseIterable, Sendable {
    case overview, progress, box, settings, yourData, navigation, skipToContent, signIn, signOut
    case sessions, sessionsExplanation, noSessions, when, answers, allSessions, length, practised
    case practiceTime, calendarCaption, lowerIsBetter
    case newerSessions, olderSessions, sessionPages, olderInExports
    case now, answersStoredLabel, inShort, period, oneYear, everything
    case version, answersStored, inUse, notInUse, freeSpace, logTitle, noLog
    case boxNow, controllers, noneConnected, sound, lastProblem, boxNotHere
    case settingsSignedIn, settingsSignIn, settingsNoPassword, setting, value, allowed, save
    case password, sessionExplanation, noPassword, wrongPassword
    case exportExplanation, exportJSON, exportCSV, exportPeachCSV, exportSignIn
    case importTitle, importFile, importButton, importTooLarge, importNoAnswer, importExplanation,
        importSignIn,
        importEmpty, importBusy, theUpload
    case dataFolder, settingsFolder
    case notFound, badRequest, notAllowed, forbidden, tooManyTries, serverError, unknownHost
    case passwordPrompt, passwordAgain, passwordSet
    case setUp, setUpSignIn, boxNotRunning, outputTitle, outputExplanation, test, use, busyNow
    case controllersTitle, noControllerYet, testController, testControllerExplanation, watchingKeys,
        notWatching, calibrationsTitle, calibrationExplanation, noCalibration
    case profileLabel, soundFontTitle, soundFontExplanation, soundFontFile, upload, soundFontTooLarge
    case soundFontFailed, downloadLog, restartTitle, restartExplanation, restartButton, restarting
    case boxNoAnswer, boxNotRunningShort, outputNotListed

    /// The English text: the catalogue's `msgid` (its translations are in `po/`).
    var english: Message {
        switch self {
        case .overview: "Overview"
        case .sessions: "Sessions"
        case .sessionsExplanation:
            "The recent sessions: answers with less than five minutes between them, whatever you practised. Open one for its answers."
        case .noSessions: "No answers yet."
        case .when: "When"
        case .answers: "Answers"
        case .allSessions: "All sessions"
        case .length: "Length"
        case .practised: "Practised"
        case .newerSessions: "Newer sessions"
        case .olderSessions: "Older sessions"
        case .sessionPages: "Pages of sessions"
        case .olderInExports: "Older sessions than these are in your data's exports."
        case .practiceTime: "Practice time"
        case .lowerIsBetter:
            "Lower is better: the smaller the difference you still hear, the finer your ear. A cent is a hundredth of a semitone."
        case .calendarCaption:
            "Minutes practised each day, the last 12 weeks (a session counts from its first answer to its last)"
        case .progress: "Progress"
        case .box: "Box"
        case .settings: "Settings"
        case .yourData: "Your data"
        case .navigation: "Dashboard"
        case .skipToContent: "Skip to the content"
        case .signIn: "Sign in"
        case .signOut: "Sign out"
        case .now: "Now"
        case .answersStoredLabel: "answers stored:"
        case .inShort: "In short"
        case .period: "Period"
        case .oneYear: "1 year"
        case .everything: "All of it"
        case .version: "Version"
        case .answersStored: "Answers stored"
        case .inUse: "In use"
        case .notInUse: "Not in use just now"
        case .freeSpace: "Free space for data"
        case .logTitle: "The box's log (newest first)"
        case .noLog: "No log yet: the box writes one while 'peach serve' runs."
        case .boxNow: "The box"
        case .controllers: "Controller"
        case .noneConnected: "none connected"
        case .sound: "Sound"
        case .lastProblem: "Last problem"
        case .boxNotHere: "Not running: no practice box ('peach serve') has used this data folder."
        case .settingsSignedIn: "Change a value and save it: the box uses it from its next trial."
        case .settingsSignIn: "Sign in to change settings here."
        case .settingsNoPassword:
            "To change settings here, set a password on the box first: peach web --set-password (or change them there with peach settings set KEY VALUE)."
        case .setting: "Setting"
        case .value: "Value"
        case .allowed: "Allowed"
        case .save: "Save"
        case .password: "Password"
        case .sessionExplanation:
            "Signed in, this browser may change settings and import answers until 30 minutes after its last use."
        case .noPassword:
            "No password is set, so nothing can be changed here. Set one on the box: peach web --set-password"
        case .wrongPassword: "That is not the password."
        case .exportExplanation:
            "Every answer stored, as 'peach data export' writes it: the file is made when you ask for it."
        case .exportJSON: "JSON (every field, for tools such as jq)"
        case .exportCSV: "CSV (for spreadsheets)"
        case .exportPeachCSV: "CSV for Peach on iOS and the web"
        case .exportSignIn:
            "Sign in to download them: every answer with its time is your practice history, so it leaves the box only with the password."
        case .importTitle: "Import"
        case .importFile: "A file of answers"
        case .importButton: "Import it"
        case .importTooLarge:
            "The file is larger than the dashboard takes (32 MiB); use peach data import on the box."
        case .importNoAnswer: "The box did not answer; nothing was imported."
        case .importExplanation:
            "An export of Peach (JSON or CSV) or of Peach on iOS and the web: the answers the store lacks are added, all or none, as 'peach data import' does."
        case .importSignIn: "Sign in to import answers here."
        case .importEmpty: "The file is empty; nothing was imported."
        case .importBusy:
            "Another Peach (peach serve or peach train) is storing answers now; import when it has stopped. Nothing was imported."
        case .theUpload: "the uploaded file"
        case .dataFolder: "[data folder]"
        case .settingsFolder: "[settings folder]"
        case .notFound: "There is no such page."
        case .badRequest: "The browser sent a request the dashboard does not take."
        case .notAllowed: "This page cannot do that."
        case .forbidden: "Sign in first, and send the form from the dashboard's own page."
        case .tooManyTries: "Too many tries: wait a while, then try again."
        case .serverError: "Something went wrong on the box; the page may work again in a moment."
        case .unknownHost:
            "The dashboard does not answer to this name. Open it by its address, or by the computer's name (NAME.local); peach web --host NAME adds a name."
        case .passwordPrompt: "New password for the dashboard: "
        case .passwordAgain: "The same again: "
        case .passwordSet: "Password set: sign in on the dashboard to change settings and import answers."
        case .setUp: "Set up"
        case .setUpSignIn:
            "Sign in to set up the box here: choose its sound output, test its controller, add a SoundFont, read its log, restart it."
        case .boxNotRunning:
            "The box is not running: it starts when a controller is plugged in. Its sound outputs and controllers are listed once it runs."
        case .outputTitle: "Sound output"
        case .outputExplanation:
            "The outputs the box sees. Test plays a short tone on one; Use saves it as the box's sound and restarts the box with it."
        case .test: "Test"
        case .use: "Use"
        case .busyNow: "in use by a program (the box itself, perhaps)"
        case .controllersTitle: "Controllers"
        case .noControllerYet: "No controller connected: plug one in."
        case .testController: "Test the controller"
        case .testControllerExplanation:
            "For a minute the box shows here each key you press, instead of acting on it."
        case .watchingKeys: "Press keys on the controller: each shows here."
        case .notWatching: "Not testing the controller now."
        case .calibrationsTitle: "Timing calibration"
        case .calibrationExplanation:
            "The controller, the sound card and your own habit put every strike a little late or early. To measure "
                + "it by ear, choose the last entry of the box's menu (four even A's) and strike with each of its "
                + "twenty clicks; fill the gap and rhythm echo then say your timing with it taken off."
        case .noCalibration: "Not calibrated yet."
        case .profileLabel: "Controller profile"
        case .soundFontTitle: "Instrument sounds (SoundFont)"
        case .soundFontExplanation:
            "Add a SoundFont (.sf2, at most 512 MiB) to the box's library: it is checked as --soundfont checks it, then the soundfont setting may name it."
        case .soundFontFile: "A SoundFont file"
        case .upload: "Add it"
        case .soundFontTooLarge: "The file is larger than the dashboard takes (512 MiB)."
        case .soundFontFailed: "The box did not answer; nothing was added."
        case .downloadLog: "Download the box's log"
        case .restartTitle: "Restart"
        case .restartExplanation:
            "Stops the box cleanly (every answer is kept) and starts it again: a new sound output, SoundFont or profile is used from then on."
        case .restartButton: "Restart the box"
        case .restarting: "The box restarts: it is back in a few seconds."
        case .boxNoAnswer: "The box did not answer in time; try again."
        case .boxNotRunningShort: "The box is not running: plug a controller in to start it."
        case .outputNotListed: "The box does not see that output."
        }
    }
}
