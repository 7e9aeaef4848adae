// Texts+Help: every command's summary and discussion and every option's help, in English and German.

import Foundation
import PeachTraining

/// A help text of the command line: a command's abstract or discussion, or an option's help. Every case has
/// an English and a German text (a test renders each and checks the German has no English in it).
public enum Help: CaseIterable, Sendable {
    case peachAbstract, peachDiscussion
    case trainAbstract, trainDiscussion, matchAbstract, matchDiscussion
    case measureAbstract, measureDiscussion, measureTrials, measurePrecision
    case profileAbstract, profileDiscussion, chartRange, svg, json, days
    case simulateAbstract, simulateDiscussion, mode, trials, threshold, lapse, slope, shape, bias, spread,
        seed, quiet
    case save
    case toneAbstract, toneDiscussion, note, cents, duration, gain, sweep, sweepTime
    case monitorAbstract, monitorDiscussion, monitorJSON
    case learnAbstract, learnDiscussion, learnName, learnActions, learnDevice, force
    case devicesAbstract, devicesDiscussion
    case soundsAbstract, soundsDiscussion, soundsFile
    case settingsAbstract, settingsDiscussion, settingsList, settingsGet, settingsSet, settingsReset
    case settingKey, settingValue, settingKeyToReset
    case dataAbstract, dataDiscussion, dataCheck, dataExport, dataExportDiscussion, format, exportFile
    case dataImport, dataImportDiscussion, importFile, replace, dataReset, yes
    case infoAbstract
    case serveAbstract, serveDiscussion, serveStatus
    case range, noteDuration, gap, referencePitch, varyLoudness, feedbackDuration, timbre, soundFont, preset
    case intervals, tuning, progress
    case profile, midiIn, output, audioOut, latency, midiChannels, midiProgram, bendRange, midiTuning
    case events, dataDir
    case groupSettings, groupController, groupSound, groupData

    /// The English and the German text.
    var texts: (String, String) {
        switch self {
        case .peachAbstract:
            (
                "Peach trains your ear for pitch: discrimination (higher or lower?) and matching.",
                "Peach trainiert dein Gehör für Tonhöhen: unterscheiden (höher oder tiefer?) und abstimmen."
            )
        case .peachDiscussion:
            (
                """
                'peach' alone shows the start screen: your profile at a glance and the commands.
                Run 'peach simulate' to watch a full training session answered by a simulated listener.
                Set PEACH_LOG_LEVEL (trace, debug, info, notice, warning, error) for diagnostics on stderr.
                """,
                """
                'peach' allein zeigt den Startbildschirm: dein Profil auf einen Blick und die Befehle.
                'peach simulate' zeigt ein ganzes Training, beantwortet von einem simulierten Hörer.
                PEACH_LOG_LEVEL (trace, debug, info, notice, warning, error) schaltet Diagnosen auf stderr ein.
                """
            )
        case .trainAbstract:
            (
                "Pitch discrimination: two notes, answer higher or lower.",
                "Tonhöhen unterscheiden: zwei Töne, antworte höher oder tiefer."
            )
        case .trainDiscussion:
            (
                """
                Two notes play; answer whether the second was higher or lower, with your controller (default \
                profile: keys from C4 up Higher, below Lower) or the arrow keys. The difference adapts to you. \
                Replay with Space or a replay control; switch to pitch matching with a startPitchMatching control. \
                Stop with your controller's stop control, q, or Ctrl-C; every answer is already saved. With \
                --intervals, Higher means the second note lies above the in-tune interval: an ascending interval \
                too wide, a descending one too narrow.
                Examples:
                  peach train
                  peach train --range C3-C5 --note-duration 0.5 --timbre piano
                  peach train --intervals P5,M3down --tuning just
                  peach train --profile two-footswitches --output midi
                  peach train --midi-in /tmp/keys.fifo --audio-out wav:session.wav --events -
                """,
                """
                Zwei Töne erklingen; antworte, ob der zweite höher oder tiefer war, mit deinem Controller \
                (Standardprofil: Tasten ab C4 aufwärts Höher, darunter Tiefer) oder den Pfeiltasten. Der \
                Unterschied passt sich dir an. Wiederholen mit der Leertaste oder einem Wiederholen-Element; zur \
                zu Tonhöhe treffen wechseln mit einem startPitchMatching-Element. Beenden mit dem Beenden-Element, q \
                oder Strg-C; jede Antwort ist schon gespeichert. Mit --intervals heißt Höher: der zweite Ton liegt \
                über dem rein gestimmten Intervall, ein aufsteigendes Intervall ist zu weit, ein absteigendes zu eng.
                Beispiele:
                  peach train
                  peach train --range C3-C5 --note-duration 0.5 --timbre piano
                  peach train --intervals P5,M3down --tuning just
                  peach train --profile two-footswitches --output midi
                  peach train --midi-in /tmp/keys.fifo --audio-out wav:sitzung.wav --events -
                """
            )
        case .matchAbstract:
            (
                "Pitch matching: tune a note to the reference, then commit.",
                "Tonhöhe treffen: stimme einen Ton auf die Referenz, dann bestätige."
            )
        case .matchDiscussion:
            (
                """
                A reference note plays, then a detuned note: tune it with the pitch-bend wheel, a fader or an \
                encoder (or the arrow keys) until it matches, then commit (default profile: the sustain pedal; \
                Enter). Nothing is shown while you tune; the signed error comes after. Space replays the reference.
                Examples:
                  peach match
                  peach match --profile pitch-bend-matching      # let go of the wheel to commit
                  peach match --intervals P5 --tuning just   # a pure fifth above the note
                  peach match --range C3-C5 --output midi:FLUID
                """,
                """
                Ein Referenzton erklingt, dann ein verstimmter Ton: stimme ihn mit dem Pitch-Bend-Rad, einem Fader \
                oder einem Encoder (oder den Pfeiltasten), bis er passt, dann bestätige (Standardprofil: das \
                Haltepedal; Eingabetaste). Beim Stimmen wird nichts angezeigt; der Fehler mit Vorzeichen kommt \
                danach. Die Leertaste wiederholt die Referenz.
                Beispiele:
                  peach match
                  peach match --profile pitch-bend-matching      # Rad loslassen bestätigt
                  peach match --intervals P5 --tuning just   # reine Quinte über dem Ton
                  peach match --range C3-C5 --output midi:FLUID
                """
            )
        case .serveAbstract:
            (
                "The practice box: a headless daemon trained from the controller alone, with earcons.",
                "Die Übungsbox: ein Dienst ohne Bildschirm, bedient nur mit dem Controller, mit Hörzeichen."
            )
        case .serveDiscussion:
            (
                """
                Waits for a MIDI controller without using the CPU, plays a rising chord when one connects, then waits for a mode: the profile's startComparison / startPitchMatching controls, or (profiles without them) Lower for comparison, Higher for pitch matching. Stop with the profile's stop control, or Lower and Higher together. Earcons (earconLevel setting): C-E-G rising ready, C-G comparison, E-E pitch matching, G-E-C falling stopped; after each pitch-matching attempt A5 then A5 again when in tune (within 5 cents), a whole tone above (sharp) or below (flat) within 20 cents, a fifth beyond. Unplugging ends the session; a missing audio device is retried. SIGHUP reads settings and profile again; SIGTERM stops (exit 0). Logs go to stderr for the journal, sessions and errors also to serve.log in the data folder (--status shows it).
                """,
                """
                Wartet ohne Rechenlast auf einen MIDI-Controller, spielt einen steigenden Akkord, sobald einer verbunden ist, und wartet auf die Wahl des Modus: die startComparison- / startPitchMatching-Elemente des Profils, oder (bei Profilen ohne sie) Tiefer für Tonhöhen unterscheiden, Höher für Tonhöhe treffen. Beenden mit dem stop-Element des Profils, oder Tiefer und Höher zugleich. Hörzeichen (Einstellung earconLevel): C-E-G steigend bereit, C-G Tonhöhen unterscheiden, E-E Tonhöhe treffen, G-E-C fallend beendet; nach jedem Versuch beim Tonhöhe-Treffen A5, dann wieder A5 wenn sauber (bis 5 Cent), einen Ganzton darüber (zu hoch) oder darunter (zu tief) bis 20 Cent, eine Quinte bei mehr. Abziehen des Controllers beendet die Sitzung; ein fehlendes Audiogerät wird erneut versucht. SIGHUP liest Einstellungen und Profil neu; SIGTERM hält an (Status 0). Meldungen gehen für das Journal nach stderr, Sitzungen und Fehler auch nach serve.log im Datenordner (--status zeigt sie).
                """
            )
        case .serveStatus:
            (
                "Show the practice box's log of recent sessions and errors, and exit.",
                "Zeigt das Protokoll der letzten Sitzungen und Fehler der Übungsbox und endet."
            )
        case .measureAbstract:
            (
                "Measure your threshold: comparisons placed where they tell the most, until it is precise.",
                "Miss deine Schwelle: Vergleiche dort, wo sie am meisten verraten, bis sie genau ist."
            )
        case .measureDiscussion:
            (
                """
                Like 'peach train', but each difference is chosen by a Bayesian adaptive procedure (Psi, \
                Kontsevich & Tyler 1999) over a psychometric function, and the run ends by itself with your \
                threshold: the difference you answer right 75 % of the time, with its likely range (68 % credible). The answers \
                are stored, marked as a measurement; they anchor your profile.
                Examples:
                  peach measure
                  peach measure --trials 120 --precision 0.1 --range C3-C5
                """,
                """
                Wie 'peach train', aber jeden Unterschied wählt ein bayessches adaptives Verfahren (Psi, \
                Kontsevich & Tyler 1999) über einer psychometrischen Funktion, und der Lauf endet von selbst mit \
                deiner Schwelle: dem Unterschied, den du zu 75 % richtig beantwortest, mit ihrem wahrscheinlichen Bereich (68 % glaubwürdig). \
                Die Antworten werden gespeichert, als Messung markiert; sie verankern dein Profil.
                Beispiele:
                  peach measure
                  peach measure --trials 120 --precision 0.1 --range C3-C5
                """
            )
        case .measureTrials: ("The most trials (20-500).", "Höchstens so viele Durchgänge (20-500).")
        case .measurePrecision:
            (
                "Stop once the threshold's standard deviation in ln is at most this (0.15 ≈ ±15 %; 0: always all trials).",
                "Aufhören, sobald die Standardabweichung der Schwelle (in ln) höchstens so groß ist (0,15 ≈ ±15 %; "
                    + "0: immer alle Durchgänge)."
            )
        case .profileAbstract:
            (
                "Show your perceptual profile: differences over the keyboard, trend, matching.",
                "Zeigt dein Wahrnehmungsprofil: Unterschiede über der Tastatur, Trend, Tonhöhe treffen."
            )
        case .profileDiscussion:
            (
                """
                The chart has a column per key of the training range: the bar rises to the mean difference you \
                trained at on that note (log scale, 1 to 100 cents; shorter is better) with its spread above it; \
                untrained keys stay blank. Below: mean, standard deviation and trend, pitch-matching accuracy, and \
                progress by day.
                Examples:
                  peach profile
                  peach profile --range C3-C5 --svg profile.svg
                  peach profile --json | jq .summary
                """,
                """
                Das Diagramm hat eine Säule je Taste des Übungsbereichs: der Balken reicht bis zum mittleren \
                Unterschied, mit dem du auf diesem Ton geübt hast (logarithmisch, 1 bis 100 Cent; kürzer ist \
                besser), die Streuung darüber; ungeübte Tasten bleiben leer. Darunter: Mittelwert, \
                Standardabweichung und Trend, Genauigkeit beim Tonhöhe-Treffen und Fortschritt pro Tag.
                Beispiele:
                  peach profile
                  peach profile --range C3-C5 --svg profil.svg
                  peach profile --json | jq .summary
                """
            )
        case .chartRange: ("The range of the chart.", "Der Bereich des Diagramms.")
        case .svg:
            ("Also write the chart as SVG to FILE.", "Schreibt das Diagramm zusätzlich als SVG in DATEI.")
        case .json: ("Print the numbers as JSON instead.", "Gibt stattdessen die Zahlen als JSON aus.")
        case .days: ("Days of progress to list (1-365).", "Wie viele Tage Fortschritt (1-365).")
        case .simulateAbstract:
            (
                "Run a training session answered by a simulated listener, in virtual time.",
                "Ein Training, beantwortet von einem simulierten Hörer, in virtueller Zeit."
            )
        case .simulateDiscussion:
            (
                """
                The session, the Kazez staircase and the profile are the real ones; only the listener is a model \
                (a psychometric function with the given threshold and lapse rate). Nothing sounds; nothing is \
                stored unless --save.
                Examples:
                  peach simulate --trials 300 --threshold 5
                  peach simulate --mode matching --trials 50 --bias -3 --spread 8
                """,
                """
                Sitzung, Kazez-Treppe und Profil sind die echten; nur der Hörer ist ein Modell (eine \
                psychometrische Funktion mit der gegebenen Schwelle und Aussetzerrate). Nichts erklingt; nichts \
                wird gespeichert, außer mit --save.
                Beispiele:
                  peach simulate --trials 300 --threshold 5
                  peach simulate --mode matching --trials 50 --bias -3 --spread 8
                """
            )
        case .mode:
            (
                "comparison (higher/lower), matching (tune to the reference) or measurement (Psi places each trial).",
                "comparison (höher/tiefer), matching (auf die Referenz stimmen) oder measurement (Psi wählt jeden "
                    + "Durchgang)."
            )
        case .trials: ("Number of trials (1-1000000).", "Anzahl der Durchgänge (1-1000000).")
        case .threshold:
            (
                "The listener's threshold: cents answered right 75 % of the time, lapses included (0.1-100).",
                "Die Schwelle des Hörers: so viele Cent beantwortet er zu 75 % richtig, Aussetzer eingerechnet "
                    + "(0.1-100)."
            )
        case .slope:
            (
                "The slope of the listener's psychometric function (Weibull and log-logistic β; 1/σ on ln cents for "
                    + "logGaussian).",
                "Die Steigung der psychometrischen Funktion des Hörers (Weibull- und log-logistisches β; 1/σ auf ln "
                    + "Cent für logGaussian)."
            )
        case .shape:
            (
                "The shape of the listener's psychometric function: weibull, logGaussian or logLogistic.",
                "Die Form der psychometrischen Funktion des Hörers: weibull, logGaussian oder logLogistic."
            )
        case .lapse:
            (
                "Share of trials the listener is inattentive on and guesses (0-0.4).",
                "Anteil unaufmerksamer Durchgänge, in denen er rät (0-0.4)."
            )
        case .bias:
            (
                "Pitch matching: the listener's mean error in cents (+ = sharp).",
                "Tonhöhe treffen: mittlerer Fehler des Hörers in Cent (+ = zu hoch)."
            )
        case .spread:
            (
                "Pitch matching: the standard deviation of the listener's error in cents.",
                "Tonhöhe treffen: Standardabweichung des Fehlers des Hörers in Cent."
            )
        case .seed:
            (
                "Random seed; the same seed replays the same session (default: random).",
                "Startwert des Zufalls; derselbe Wert wiederholt dieselbe Sitzung (Standard: zufällig)."
            )
        case .quiet:
            ("Print only the summary, not every trial.", "Nur die Zusammenfassung, nicht jeden Durchgang.")
        case .save:
            (
                "Store the simulated answers in the training data (marked as input 'simulated').",
                "Speichert die simulierten Antworten in den Trainingsdaten (als Eingabe 'simulated' markiert)."
            )
        case .toneAbstract:
            (
                "Play one note on the internal synth (live, or into a WAV file) or an external MIDI synth.",
                "Spielt einen Ton auf dem eingebauten Synth (live oder in eine WAV-Datei) oder einem externen MIDI-Synth."
            )
        case .toneDiscussion:
            (
                """
                The reference pitch and the timbre come from your settings unless the options say otherwise.
                Examples:
                  peach tone A4                                    # on the audioOutput setting
                  peach tone A4 --audio-out alsa:hw:1,0 --latency low
                  peach tone A4 --cents +12.3 --duration 2 --audio-out wav:a4.wav
                  peach tone C4 --timbre piano --gain -6 --audio-out wav:c4.wav
                  peach tone A4 --sweep 50 --sweep-time 1 --audio-out wav:glide.wav
                  peach tone A4 --cents -30 --output midi          # on the first MIDI synth
                  peach tone C4 --output midi:128:0 --midi-channels 1 --midi-program 20
                """,
                """
                Referenztonhöhe und Klang kommen aus deinen Einstellungen, wenn die Optionen nichts anderes sagen.
                Beispiele:
                  peach tone A4                                    # auf audioOutput
                  peach tone A4 --audio-out alsa:hw:1,0 --latency low
                  peach tone A4 --cents +12.3 --duration 2 --audio-out wav:a4.wav
                  peach tone C4 --timbre piano --gain -6 --audio-out wav:c4.wav
                  peach tone A4 --sweep 50 --sweep-time 1 --audio-out wav:gleiten.wav
                  peach tone A4 --cents -30 --output midi          # auf dem ersten MIDI-Synth
                  peach tone C4 --output midi:128:0 --midi-channels 1 --midi-program 20
                """
            )
        case .note:
            (
                "The note: a name such as A4, C#3, Bb2, or a MIDI number.",
                "Der Ton: ein Name wie A4, C#3, Bb2 oder eine MIDI-Nummer."
            )
        case .cents:
            (
                "Offset from the note in cents (e.g. +12.3 or -5).",
                "Abweichung vom Ton in Cent (etwa +12.3 oder -5)."
            )
        case .duration: ("Seconds the note sounds (0.05-60).", "Sekunden, die der Ton klingt (0.05-60).")
        case .gain: ("Gain in dB (-90 to +12).", "Pegel in dB (-90 bis +12).")
        case .sweep:
            (
                "Glide the held note by this many cents (what a pitch wheel does).",
                "Gleitet den gehaltenen Ton um so viele Cent (was ein Tonhöhenrad tut)."
            )
        case .sweepTime:
            (
                "Seconds the glide takes, starting a quarter into the note.",
                "Sekunden, die das Gleiten dauert; es beginnt nach einem Viertel des Tons."
            )
        case .monitorAbstract:
            (
                "Show incoming MIDI events and the actions the controller profile makes of them.",
                "Zeigt eingehende MIDI-Ereignisse und was das Controller-Profil daraus macht."
            )
        case .monitorDiscussion:
            (
                """
                One line per event: time (seconds since start), source port, message, and '->' the actions. \
                Controllers that connect or go away are shown as they do. Ctrl-C (or q at the terminal) stops; \
                with --midi-in rawmidi:FILE it stops at the end of the file.
                Examples:
                  peach monitor                           # every controller, the active profile
                  peach monitor --profile two-footswitches --json
                  peach monitor --midi-in rawmidi:/dev/snd/midiC1D0
                """,
                """
                Eine Zeile je Ereignis: Zeit (Sekunden seit dem Start), Quellport, Nachricht und nach '->' die \
                Aktionen. Controller, die sich verbinden oder verschwinden, werden angezeigt, sobald sie es tun. \
                Strg-C (oder q im Terminal) beendet; mit --midi-in rawmidi:DATEI endet es am Ende der Datei.
                Beispiele:
                  peach monitor                           # jeder Controller, das aktive Profil
                  peach monitor --profile two-footswitches --json
                  peach monitor --midi-in rawmidi:/dev/snd/midiC1D0
                """
            )
        case .monitorJSON: ("Print JSON Lines instead of text.", "Gibt JSON Lines statt Text aus.")
        case .learnAbstract:
            (
                "Make a controller profile by pressing the controls for each action.",
                "Erstellt ein Controller-Profil: drücke für jede Aktion das Bedienelement."
            )
        case .learnDiscussion:
            (
                """
                Peach asks for each action in turn; press (or move) the control you want for it. Keys and pads, \
                pedals and buttons (controllers; pedals that rest at 127 are taken as inverted) and program \
                changes can answer; for tuning, move the pitch-bend wheel, a fader or knob, or turn an encoder both \
                ways. Nothing is written until every action is learned; Ctrl-C stops without writing.
                Actions: higher, lower, commit, replay, startComparison, startPitchMatching, stop, tune.
                Examples:
                  peach learn --name my-pads
                  peach learn --name pedal --actions higher,lower
                  peach learn --name keys --midi-in seq:Launchkey --force
                """,
                """
                Peach fragt nacheinander nach jeder Aktion; drücke (oder bewege) das Bedienelement, das du dafür \
                willst. Tasten und Pads, Pedale und Knöpfe (Controller; Pedale, die auf 127 ruhen, gelten als \
                umgekehrt) und Programmwechsel können antworten; zum Stimmen bewege das Pitch-Bend-Rad, einen \
                Fader oder Regler, oder drehe einen Encoder in beide Richtungen. Geschrieben wird erst, wenn jede \
                Aktion gelernt ist; Strg-C beendet, ohne zu schreiben.
                Aktionen: higher, lower, commit, replay, startComparison, startPitchMatching, stop, tune.
                Beispiele:
                  peach learn --name meine-pads
                  peach learn --name pedal --actions higher,lower
                  peach learn --name tasten --midi-in seq:Launchkey --force
                """
            )
        case .learnName:
            (
                "The profile's name (letters, digits, - and _).",
                "Name des Profils (Buchstaben, Ziffern, - und _)."
            )
        case .learnActions:
            (
                "The actions to learn, in order, separated by commas.",
                "Die zu lernenden Aktionen, der Reihe nach, durch Kommas getrennt."
            )
        case .learnDevice:
            (
                "A device-name pattern the profile fits (repeatable; default: the device the controls came from).",
                "Ein Gerätenamensmuster, zu dem das Profil passt (mehrfach möglich; Standard: das Gerät der Bedienelemente)."
            )
        case .force: ("Replace a profile of the same name.", "Ersetzt ein Profil gleichen Namens.")
        case .devicesAbstract:
            (
                "List MIDI controllers and synths, raw MIDI devices and audio outputs.",
                "Listet MIDI-Controller und -Synths, Raw-MIDI-Geräte und Audioausgänge."
            )
        case .devicesDiscussion:
            (
                """
                '*' marks the controllers Peach connects to with --midi-in (and the profile's device names) and the \
                synth --output midi plays.
                """,
                """
                '*' markiert die Controller, mit denen sich Peach bei --midi-in verbindet (und die Gerätenamen des \
                Profils), und den Synth, den --output midi spielt.
                """
            )
        case .settingsAbstract:
            (
                "List, get, set or reset settings (~/.config/peach/settings.json).",
                "Einstellungen auflisten, lesen, setzen oder zurücksetzen (~/.config/peach/settings.json)."
            )
        case .settingsDiscussion:
            (
                """
                A change applies to the next trial of a running session. A broken settings file is repaired by \
                'set' and 'reset': every setting that still reads is kept, and the broken file is copied aside.
                Examples:
                  peach settings set noteRange C3-C5
                  peach settings set referencePitch 442
                  peach settings reset noteDuration
                """,
                """
                Eine Änderung gilt ab dem nächsten Durchgang einer laufenden Sitzung. Eine kaputte \
                Einstellungsdatei reparieren 'set' und 'reset': jede noch lesbare Einstellung bleibt, und die \
                kaputte Datei wird daneben kopiert.
                Beispiele:
                  peach settings set noteRange C3-C5
                  peach settings set referencePitch 442
                  peach settings reset noteDuration
                """
            )
        case .settingsList:
            (
                "List every setting with its default and range.",
                "Listet jede Einstellung mit Standardwert und Bereich."
            )
        case .settingsGet: ("Print one setting's value.", "Gibt den Wert einer Einstellung aus.")
        case .settingsSet: ("Change one setting.", "Ändert eine Einstellung.")
        case .settingsReset:
            (
                "Reset one setting, or all of them, to the default.",
                "Setzt eine oder alle Einstellungen auf den Standard zurück."
            )
        case .settingKey: ("The setting, e.g. noteRange.", "Die Einstellung, etwa noteRange.")
        case .settingValue: ("The new value, e.g. C3-C5.", "Der neue Wert, etwa C3-C5.")
        case .settingKeyToReset:
            (
                "The setting to reset; all settings when left out.",
                "Die zurückzusetzende Einstellung; ohne Angabe alle."
            )
        case .dataAbstract:
            (
                "Check, export, import or reset the training data.",
                "Trainingsdaten prüfen, exportieren, importieren oder löschen."
            )
        case .dataDiscussion:
            (
                "The data is a journal of JSON lines, one answer per line, in ~/.local/share/peach/records.jsonl.",
                "Die Daten sind ein Journal aus JSON-Zeilen, eine Antwort je Zeile, in ~/.local/share/peach/records.jsonl."
            )
        case .dataCheck:
            (
                "Verify the data and report counts and damage (exit status 1 when something is damaged).",
                "Prüft die Daten und meldet Anzahlen und Schäden (Status 1, wenn etwas beschädigt ist)."
            )
        case .dataExport:
            (
                "Write all records as CSV or JSON to a file or to standard output.",
                "Schreibt alle Datensätze als CSV oder JSON in eine Datei oder auf die Standardausgabe."
            )
        case .dataExportDiscussion:
            (
                "Examples:\n  peach data export --format csv answers.csv\n  peach data export | jq length\n"
                    + "  peach data export --format peach-csv phone.csv  # for Peach on iOS and the web",
                "Beispiele:\n  peach data export --format csv antworten.csv\n  peach data export | jq length\n"
                    + "  peach data export --format peach-csv telefon.csv  # für Peach auf iOS, Web"
            )
        case .format:
            (
                "json (default), csv (Peach's own columns) or peach-csv (the CSV Peach on iOS and the web imports).",
                "json (Vorgabe), csv (Peachs eigene Spalten) oder peach-csv (das CSV, das Peach auf iOS und im Web "
                    + "importiert)."
            )
        case .exportFile:
            (
                "The file to write (created with mode 0600); standard output when left out or -.",
                "Die zu schreibende Datei (angelegt mit Modus 0600); ohne Angabe oder mit - die Standardausgabe."
            )
        case .dataImport:
            (
                "Add records from an export (CSV or JSON), a journal, or a CSV of Peach on iOS or the web, without "
                    + "duplicates.",
                "Fügt Datensätze aus einem Export (CSV oder JSON), einem Journal oder einem CSV von Peach auf iOS oder "
                    + "im Web hinzu, ohne Doppelte."
            )
        case .dataImportDiscussion:
            (
                "With --replace the data is replaced by the file's records; the old journal is kept as a backup.\n"
                    + "A CSV exported by Peach on iOS or the web (format 1-3, first line '# peach-export-format:N') "
                    + "is read by column name; a row that cannot be read is skipped and named, the rest imported. "
                    + "Rhythm records are kept and exported again, though this Peach has no rhythm training. A "
                    + "record that went to the phone and back (whole seconds) is recognised as a duplicate.",
                "Mit --replace ersetzen die Datensätze der Datei die Daten; das alte Journal bleibt als Sicherung.\n"
                    + "Ein CSV-Export von Peach auf iOS oder im Web (Format 1-3, erste Zeile "
                    + "'# peach-export-format:N') wird nach Spaltennamen gelesen; eine unlesbare Zeile wird "
                    + "übersprungen und genannt, der Rest importiert. Rhythmus-Datensätze bleiben erhalten und werden "
                    + "wieder exportiert, obwohl dieses Peach kein Rhythmustraining hat. Ein Datensatz, der zum Telefon "
                    + "und zurück ging (ganze Sekunden), wird als doppelt erkannt."
            )
        case .importFile: ("The file to import.", "Die zu importierende Datei.")
        case .replace:
            (
                "Replace all records instead of merging (a backup is kept).",
                "Ersetzt alle Datensätze statt zusammenzuführen (eine Sicherung bleibt)."
            )
        case .dataReset:
            (
                "Delete all training data (asks first unless --yes; a backup is kept).",
                "Löscht alle Trainingsdaten (fragt vorher, außer mit --yes; eine Sicherung bleibt)."
            )
        case .yes: ("Do not ask for confirmation.", "Ohne Rückfrage.")
        case .infoAbstract:
            (
                "Show the version, the licence and where data and settings live.",
                "Zeigt Version, Lizenz und wo Daten und Einstellungen liegen."
            )
        case .range:
            (
                "Training range, e.g. C3-C5 (A0-C8, at least an octave).",
                "Übungsbereich, etwa C3-C5 (A0-C8, mindestens eine Oktave)."
            )
        case .noteDuration: ("Seconds each note sounds (0.3-3).", "Sekunden, die jeder Ton klingt (0.3-3).")
        case .gap:
            (
                "Seconds of silence between the two notes (0-5).",
                "Sekunden Stille zwischen den beiden Tönen (0-5)."
            )
        case .referencePitch: ("Frequency of A4 in Hz (380-500).", "Frequenz von A4 in Hz (380-500).")
        case .varyLoudness:
            (
                "Loudness rove of the second note, 0 (off) to 1 (±5 dB).",
                "Lautstärkeschwankung des zweiten Tons, 0 (aus) bis 1 (±5 dB)."
            )
        case .feedbackDuration:
            ("Seconds feedback is shown (0.1-2).", "Sekunden, die die Rückmeldung steht (0.1-2).")
        case .timbre:
            (
                "The internal synth's timbre: sine, piano or organ.",
                "Klang des eingebauten Synths: sine, piano oder organ."
            )
        case .progress:
            (
                "Show progress over time instead: per mode and interval, the threshold (or matching error) week by "
                    + "week with its likely range; with --svg as an SVG chart.",
                "Zeigt stattdessen den Verlauf: je Modus und Intervall die Schwelle (oder den Treff-Fehler) Woche "
                    + "für Woche mit wahrscheinlichem Bereich; mit --svg als SVG-Diagramm."
            )
        case .intervals:
            (
                "Intervals trials pick from, e.g. P5,M3down: P1 (unison) m2 M2 m3 M3 P4 d5 P5 m6 M6 m7 M7 P8, up or "
                    + "with 'down'.",
                "Intervalle, aus denen die Durchgänge wählen, etwa P5,M3down: P1 (Prime) m2 M2 m3 M3 P4 d5 P5 m6 M6 "
                    + "m7 M7 P8, aufwärts oder mit 'down'."
            )
        case .tuning:
            (
                "How intervals are tuned from each trial's first note: equal, just (5-limit) or pythagorean.",
                "Wie Intervalle vom ersten Ton jedes Durchgangs gestimmt sind: equal (gleichstufig), just (rein, "
                    + "5-limit) oder pythagorean."
            )
        case .soundFont:
            (
                "A SoundFont (.sf2) for the internal synth: a path, or a file name 'peach sounds' lists; none for the "
                    + "timbre.",
                "Ein SoundFont (.sf2) für den eingebauten Synth: ein Pfad oder ein Dateiname, den 'peach sounds' "
                    + "zeigt; 'none' für den Klang."
            )
        case .preset:
            (
                "The SoundFont's preset: a name or BANK:PROGRAM (default: the first).",
                "Das Preset des SoundFonts: Name oder BANK:PROGRAMM (Vorgabe: das erste)."
            )
        case .soundsAbstract:
            (
                "List the internal synth's timbres and the SoundFonts found, with their presets.",
                "Listet die Klänge des eingebauten Synths und die gefundenen SoundFonts mit ihren Presets."
            )
        case .soundsDiscussion:
            (
                """
                SoundFonts are looked for in $XDG_DATA_HOME/soundfonts (~/.local/share/soundfonts), \
                /usr/share/soundfonts and /usr/share/sounds/sf2 (Debian: apt install fluid-soundfont-gm or \
                timgm6mb-soundfont). Play one with --soundfont NAME --preset NAME, or keep it in the settings:
                  peach settings set soundfont FluidR3_GM
                  peach settings set preset "Yamaha Grand Piano"
                A SoundFont that cannot be read plays the timbre instead, with one line saying why.
                """,
                """
                SoundFonts werden in $XDG_DATA_HOME/soundfonts (~/.local/share/soundfonts), \
                /usr/share/soundfonts und /usr/share/sounds/sf2 gesucht (Debian: apt install fluid-soundfont-gm \
                oder timgm6mb-soundfont). Spiele einen mit --soundfont NAME --preset NAME, oder lege ihn in den \
                Einstellungen fest:
                  peach settings set soundfont FluidR3_GM
                  peach settings set preset "Yamaha Grand Piano"
                Ein SoundFont, der nicht lesbar ist, spielt stattdessen den Klang, mit einer Zeile, warum.
                """
            )
        case .soundsFile:
            (
                "Only this SoundFont (a path or name); an error if it cannot be read.",
                "Nur dieser SoundFont (Pfad oder Name); ein Fehler, wenn er nicht lesbar ist."
            )
        case .profile: ("The controller profile.", "Das Controller-Profil.")
        case .midiIn:
            (
                """
                Where controller input comes from: seq (every hardware controller, now and when plugged in \
                later), seq:CLIENT:PORT, seq:NAME, rawmidi:PATH or just a path (raw MIDI bytes from \
                /dev/snd/midiC1D0, a FIFO, a file, or - for stdin), or keyboard (the computer keyboard only).
                """,
                """
                Woher die Controller-Eingabe kommt: seq (jeder Hardware-Controller, jetzt und später \
                angeschlossen), seq:CLIENT:PORT, seq:NAME, rawmidi:PFAD oder einfach ein Pfad (rohe MIDI-Bytes aus \
                /dev/snd/midiC1D0, einem FIFO, einer Datei oder - für stdin), oder keyboard (nur die \
                Computertastatur).
                """
            )
        case .output:
            (
                """
                What plays the notes: synth (the internal one), midi (the first MIDI synth found, such as \
                FluidSynth), midi:CLIENT:PORT, midi:NAME or rawmidi:PATH (MIDI bytes to a device, FIFO or file).
                """,
                """
                Was die Töne spielt: synth (der eingebaute), midi (der erste gefundene MIDI-Synth, etwa \
                FluidSynth), midi:CLIENT:PORT, midi:NAME oder rawmidi:PFAD (MIDI-Bytes an ein Gerät, einen FIFO \
                oder eine Datei).
                """
            )
        case .audioOut:
            (
                "Where the internal synth plays: alsa:DEVICE (e.g. alsa:default, alsa:hw:1,0), wav:PATH or null.",
                "Wohin der eingebaute Synth spielt: alsa:GERÄT (etwa alsa:default, alsa:hw:1,0), wav:PFAD oder null."
            )
        case .latency:
            (
                "ALSA buffering: standard (3 x 128 frames at 48 kHz, 8 ms), low (2 x 64 frames, 2.7 ms) or "
                    + "FRAMESxPERIODS (16-8192 frames, 2-16 periods).",
                "ALSA-Pufferung: standard (3 x 128 Frames bei 48 kHz, 8 ms), low (2 x 64 Frames, 2,7 ms) oder "
                    + "FRAMESxPERIODEN (16-8192 Frames, 2-16 Perioden)."
            )
        case .midiChannels:
            (
                "MIDI channels 1-16 to play on, in rotation (one sounding note per channel), e.g. 1,2 or 1-4.",
                "MIDI-Kanäle 1-16, reihum (ein klingender Ton je Kanal), etwa 1,2 oder 1-4."
            )
        case .midiProgram:
            (
                "Program change 1-128 to send at start (default: none).",
                "Programmwechsel 1-128 zu Beginn (Standard: keiner)."
            )
        case .bendRange:
            (
                "Pitch-bend range to set by RPN 0, semitones (1-24).",
                "Pitch-Bend-Bereich per RPN 0, in Halbtönen (1-24)."
            )
        case .midiTuning:
            (
                "How cents reach the synth: bend (pitch bend) or mts (MIDI Tuning Standard, tuning program 0).",
                "Wie Cent den Synth erreichen: bend (Pitch-Bend) oder mts (MIDI Tuning Standard, Stimmprogramm 0)."
            )
        case .events:
            (
                "Write a JSON Lines account of the session to FILE (- for stdout): started, modeChanged, "
                    + "trialStarted, replayStarted, note2Started, tunableStarted, answer, result, stopped; see docs/training.md.",
                "Schreibt einen Bericht der Sitzung als JSON Lines in DATEI (- für stdout): started, modeChanged, "
                    + "trialStarted, replayStarted, note2Started, tunableStarted, answer, result, stopped; siehe docs/training.md."
            )
        case .groupSettings: ("Settings for this run", "Einstellungen für diesen Lauf")
        case .groupController: ("Controller", "Steuerung")
        case .groupSound: ("Sound", "Klang")
        case .groupData: ("Data", "Daten")
        case .dataDir:
            (
                "Folder of the training data (default: $PEACH_DATA_DIR or ~/.local/share/peach).",
                "Ordner der Trainingsdaten (Standard: $PEACH_DATA_DIR oder ~/.local/share/peach)."
            )
        }
    }
}

extension Texts {
    /// A help text; `current` (a setting's value now) is added as `(now: …)` where an option defaults to a
    /// setting.
    public func help(_ key: Help, current: String? = nil) -> String {
        let (english, german) = key.texts
        var text = pick(english, german)
        if let current, !current.isEmpty {
            text += pick(" Now: \(current) (the setting).", " Jetzt: \(current) (die Einstellung).")
        }
        return marksNonASCII ? Self.markingNonASCII(text) : text
    }
}

extension Texts {
    /// swift-argument-parser's own words in its help screens and parse errors, with Peach's German for each.
    /// The library has no localisation, so the CLI edge puts its screens and messages through
    /// ``argumentParserText(_:)``; a pattern's `$1`, `$2` are what the library put there (an option, a value).
    static let argumentParserWords: [(pattern: String, german: String)] = [
        (#"(?m)^OVERVIEW:"#, "ÜBERSICHT:"),
        (#"(?m)^USAGE:"#, "AUFRUF:"),
        (#"(?m)^ARGUMENTS:"#, "ARGUMENTE:"),
        (#"(?m)^OPTIONS:"#, "OPTIONEN:"),
        (#"(?m)^SUBCOMMANDS:"#, "UNTERBEFEHLE:"),
        (#"Show the version\."#, "Zeigt die Version."),
        (#"Show help information\."#, "Zeigt diese Hilfe."),
        (#"; default:"#, "; Standard:"),
        (#"\(default:"#, "(Standard:"),
        (#"\(values:"#, "(Werte:"),
        (#" \(default\) "#, " (Standard)"),  // a subcommand's column keeps its width
        (#"See '([^<']*)<subcommand>' for detailed help\."#, "Ausführliche Hilfe: '$1<Unterbefehl>'."),
        (#"<subcommand>"#, "<Unterbefehl>"),
        (#"<options>"#, "<Optionen>"),
        (
            #"(?m)^Unknown option '([^']*)'\. Did you mean '([^']*)'\?"#,
            "Unbekannte Option '$1'. Gemeint ist '$2'?"
        ),
        (#"(?m)^Unknown option '([^']*)'"#, "Unbekannte Option '$1'"),
        (#"(?m)^Missing value for '([^']*)'"#, "Es fehlt ein Wert für '$1'"),
        (#"(?m)^Missing expected argument '([^']*)'"#, "Es fehlt das Argument '$1'"),
        (#"(?m)^Missing required subcommand\."#, "Es fehlt ein Unterbefehl."),
        (#"(?m)^Unexpected argument '([^']*)'"#, "Unerwartetes Argument '$1'"),
        (#"(?m)^([0-9]+) unexpected arguments: "#, "$1 unerwartete Argumente: "),
        (#"(?m)^Invalid option: "#, "Ungültige Option: "),
        (
            #"(?m)^The option '([^']*)' does not take any value, but '([^']*)' was specified\."#,
            "Die Option '$1' nimmt keinen Wert, aber '$2' wurde angegeben."
        ),
        (#"(?m)^The value '([^']*)' is invalid for '([^']*)'"#, "Der Wert '$1' passt nicht zu '$2'"),
    ]

    /// A help screen or parse error of swift-argument-parser in the user's language (English as it is).
    public func argumentParserText(_ text: String) -> String {
        guard language == .german else { return text }
        var text = text
        for (pattern, german) in Self.argumentParserWords {
            text = text.replacingOccurrences(of: pattern, with: german, options: .regularExpression)
        }
        return text
    }
}
