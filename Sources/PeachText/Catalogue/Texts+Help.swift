// Texts+Help: every command's summary and discussion and every option's help (English; translations in po/).

import Foundation
import PeachMIDI
import PeachTraining

/// A help text of the command line: a command's abstract or discussion, or an option's help. Every case has
/// an English text here and its translations in `po/` (a test renders each and checks the German has no
/// English in it).
public enum Help: CaseIterable, Sendable {
    case peachAbstract, peachDiscussion
    case trainAbstract, trainDiscussion, matchAbstract, matchDiscussion
    case measureAbstract, measureDiscussion, measureTrials, measurePrecision
    case timingAbstract, timingDiscussion, tapAbstract, tapDiscussion, tempo, offsetClick, gapPositions
    case timingPatterns, maxRepetitions, silentBars, silentEvery, tempoRamp, rampEvery, gapPattern
    case calibrateAbstract, calibrateDiscussion, echoAbstract, echoDiscussion
    case playAbstract, playDiscussion, playKind, playItems, anyOctave, anyVoicing, hideReference, chordWindow,
        placement, cadenceEvery, degreeKey, degreeNames, degreeContext, degreeNotes, inTempo
    case confusions, accuracy, confuse
    case profileAbstract, profileDiscussion, chartRange, svg, json, days
    case simulateAbstract, simulateDiscussion, mode, trials, threshold, lapse, slope, shape, bias, spread,
        seed, quiet, drift
    case save
    case toneAbstract, toneDiscussion, note, cents, duration, gain, sweep, sweepTime
    case monitorAbstract, monitorDiscussion, monitorJSON
    case learnAbstract, learnDiscussion, learnName, learnActions, learnDevice, force
    case devicesAbstract, devicesDiscussion
    case soundsAbstract, soundsDiscussion, soundsFile
    case settingsAbstract, settingsDiscussion, settingsList, settingsGet, settingsSet, settingsReset
    case settingKey, settingValue, settingKeyToReset
    /// What the settings no command takes as an option do (the dashboard's settings page).
    case velocitySetting, wrongAnswerTickSetting, longPressSetting, earconLevelSetting, showReferenceSetting,
        grazeVelocitySetting, keySignatureSetting, melodyInTempoSetting
    case dataAbstract, dataDiscussion, dataCheck, dataExport, dataExportDiscussion, format, exportFile
    case dataImport, dataImportDiscussion, importFile, replace, dataReset, yes
    case infoAbstract
    case serveAbstract, serveDiscussion, serveStatus
    case webAbstract, webDiscussion, webAddress, webPort, webHost, webSetPassword
    case range, noteDuration, gap, referencePitch, varyLoudness, feedbackDuration, timbre, soundFont, preset
    case intervals, tuning, progress
    case profile, midiIn, output, audioOut, latency, midiChannels, midiProgram, bendRange, midiTuning
    case events, dataDir
    case groupSettings, groupController, groupSound, groupData

    /// Every action `peach learn --actions` takes, by name (the code's list, so the help cannot fall behind).
    static var learnableActions: String {
        LearnStep.all.map(\.description).joined(separator: ", ")
    }

    /// Every event `--events` writes, in the order a session meets them (the schema's list).
    static var eventNames: String { EventLine.eventOrder.joined(separator: ", ") }

    /// The English text: the catalogue's `msgid` (its translations are in `po/`).
    var english: Message {
        switch self {
        case .peachAbstract:
            "Peach trains your ear for pitch and timing: higher or lower, tune to match, early or late; and on the "
                + "keys, play back notes, intervals, chords, scale degrees and melodies."
        case .peachDiscussion:
            """
            'peach' alone shows the start screen: your profile at a glance and the commands.
            Run 'peach simulate' to watch a full training session answered by a simulated listener.
            Set PEACH_LOG_LEVEL (trace, debug, info, notice, warning, error) for diagnostics on stderr.
            """
        case .trainAbstract:
            "Pitch discrimination: two notes, answer higher or lower."
        case .trainDiscussion:
            """
            Two notes play; answer whether the second was higher or lower, with your controller (default \
            profile: keys from C4 up Higher, below Lower) or the arrow keys. The difference adapts to you. \
            Replay with Space or a replay control; switch to pitch matching with a startPitchMatching control. \
            Stop with your controller's stop control, q, or Ctrl-C; every answer is already saved. With \
            --intervals, Higher means the second note lies above the interval as --tuning tunes it: an \
            ascending interval too wide, a descending one too narrow.
            Examples:
              peach train
              peach train --range C3-C5 --note-duration 0.5 --timbre piano
              peach train --intervals P5,M3down --tuning just
              peach train --profile two-footswitches --output midi
              peach train --midi-in /tmp/keys.fifo --audio-out wav:session.wav --events -
            """
        case .matchAbstract:
            "Pitch matching: tune a note to the reference, then commit."
        case .matchDiscussion:
            """
            A reference note plays, then a detuned note: tune it with the pitch-bend wheel, a fader or an \
            encoder (or the arrow keys) until it matches, then commit (default profile: the sustain pedal; \
            Enter). Nothing is shown while you tune; the signed error comes after. Space replays the reference.
            Examples:
              peach match
              peach match --profile pitch-bend-matching      # let go of the wheel to commit
              peach match --intervals P5 --tuning just   # a pure fifth above the note
              peach match --range C3-C5 --output midi:FLUID
            """
        case .serveAbstract:
            "The practice box: a headless daemon trained from the controller alone, with earcons."
        case .serveDiscussion:
            """
            Waits for a MIDI controller without using the CPU, plays a rising chord when one connects, then waits for a mode: the profile's startComparison / startPitchMatching / startTiming controls, or (profiles without them) Lower for comparison, Higher for pitch matching, Commit (the sustain pedal) for timing (fill the gap). Stop with the profile's stop control, or Lower and Higher together. Play-back (notes, intervals, chords, scale degrees and melodies answered on the keys), rhythm echo and the timing calibration are a menu by ear: a cluster of four adjacent keys (or startPlayBack) opens it, Lower and Higher move, Commit or a cluster chooses; in play-back a cluster below C4 replays, from C4 up skips, two stop; a chime says right. The calibration (four even A's) takes twenty strikes with the clicks and, when they were even, keeps their median for the controller and output in calibration.json beside the settings (a chime says so); fill the gap's and rhythm echo's earcons then take it off. Earcons (earconLevel setting): C-E-G rising ready, C-G comparison, E-E pitch matching, G-G-G timing, G-E-C falling stopped; after each pitch-matching attempt A5 then A5 again when in tune (within 5 cents), a whole tone above (sharp) or below (flat) within 20 cents, a fifth beyond; in fill the gap a short note after each strike and, after each sixteen cycles, A5 then A5 again when on time (within 5 ms), a whole tone above (rushing) or below (dragging) within 20 ms, a fifth beyond. Unplugging ends the session; a missing audio device is retried. A changed settings file (peach settings set, the dashboard) is read before the next trial; SIGHUP reads settings and profile again at once; SIGUSR1 takes the dashboard's request (box-request.json: a test tone on an output the box lists, or a minute's controller test); SIGUSR2 stops so that the service starts it again (exit 140); SIGTERM stops (exit 0). Logs go to stderr for the journal, sessions and errors also to serve.log in the data folder, and what the box does now to box-status.json (--status shows both).
            """
        case .serveStatus:
            "Show what the practice box does now and its log of recent sessions and errors, and exit."
        case .webAbstract:
            "Your progress in a browser: a dashboard of the data folder, live while you practise."
        case .webDiscussion:
            """
            Serves pages of the profile, the progress charts (4 weeks to all of it), the box's log and settings, and downloads of the data (JSON, CSV, the iOS form), in the browser's language (English or German). The overview shows each answer as it is stored while peach train or peach serve runs beside it. Reading needs nothing; downloading the data, changing a setting, importing answers or setting up the practice box (its sound output with a test tone, its controller, SoundFonts, its log, a restart: /setup) needs the password (--set-password). It answers only to its own names (its address, localhost, the computer's name and NAME.local; --host adds one). The dashboard reads the store without its lock; only an import takes it. It listens on this computer only (127.0.0.1) unless --address says otherwise, prints the address to open, and runs until Ctrl-C (or SIGTERM).
              peach web                      # then open the address it prints
              peach web --address 0.0.0.0    # reachable from the network
              peach web --set-password       # allow changes after signing in
            """
        case .webAddress:
            "The address to listen on: 127.0.0.1 (this computer only), 0.0.0.0 or :: (every network the computer is on)."
        case .webPort:
            "The TCP port to listen on (0: any free one; the address printed says which)."
        case .webHost:
            "Another name the dashboard answers to, besides its address, localhost and the computer's name (NAME and NAME.local): one a router's DNS gives it (repeatable). Requests naming any other host are refused (421), so a web page cannot reach the dashboard through a name of its own (DNS rebinding)."
        case .webSetPassword:
            "Set the password that lets a browser change settings and import answers (asked twice at a terminal, else read from standard input), and exit."
        case .measureAbstract:
            "Measure your threshold: comparisons placed where they tell the most, until it is precise."
        case .measureDiscussion:
            """
            Like 'peach train', but each difference is chosen by a Bayesian adaptive procedure (Psi, \
            Kontsevich & Tyler 1999) over a psychometric function, and the run ends by itself with your \
            threshold: the difference you answer right 75 % of the time, with its likely range (68 % credible). The answers \
            are stored, marked as a measurement; they anchor your profile.
            Examples:
              peach measure
              peach measure --trials 120 --precision 0.1 --range C3-C5
            """
        case .measureTrials: "The most trials (20-500)."
        case .timingAbstract:
            "Timing: a rhythm loops with one note early or late; answer which."
        case .timingDiscussion:
            """
            A one-beat pattern (four sixteenths, or --patterns) loops without a break until you answer (or \
            --max-repetitions times); in every repetition the note on one step (the third, or --offset-click) \
            comes early or late. Answer early with a key or pad below C4 (or ← ↓), late with one from C4 up (→ \
            ↑), or with a profile's early and late controls. The offset adapts to you as a share of the \
            pattern's step (a sixteenth, a triplet eighth), down to a fraction of a millisecond; early and late \
            come equally often. Clicks are placed on the sound card's sample frames and your answers timed by \
            the sequencer's own stamps. Every answer is stored with its pattern.
            Examples:
              peach timing
              peach timing --tempo 120 --offset-click 4
              peach timing --patterns triplets,4:x-xx --max-repetitions 3
              peach timing --profile pads --output midi
            """
        case .tapAbstract:
            "Timing: fill the gap: strike the silent step of a click loop."
        case .tapDiscussion:
            """
            A loop of four sixteenth steps plays with one step silent (the fourth, or --gap-positions). Strike \
            any key or pad (or Space) where the silent step belongs: a strike counts within half a sixteenth \
            of it, and you see at once how early or late it was, to a tenth of a millisecond, timed by the \
            sequencer's stamp against the click's sample frame. Every sixteen cycles the mean offset is stored \
            and said: on time within 5 ms, a little early or late within 20 ms, rushing or dragging beyond. \
            With --silent-bars the loop drops out after every --silent-every bars while you keep striking: how far you drifted (ms a bar) is stored with the trial. With --ramp the \
            tempo steps by that many BPM every --ramp-every bars played, and strikes are scored against the \
            ramped grid; silent bars hold the tempo last heard.
            Examples:
              peach tap
              peach tap --tempo 100 --gap-positions 2,4
              peach tap --silent-bars 1 --silent-every 3
              peach tap --ramp 4 --ramp-every 2
              peach tap --midi-in /tmp/pads.fifo --audio-out wav:tap.wav --events -
            """
        case .echoAbstract:
            "Timing: rhythm echo: a bar plays; echo it on a pad in the next."
        case .echoDiscussion:
            """
            After a count-in bar, a one-bar rhythm plays as high clicks (each beat a figure: quarters and \
            eighths, sixteenths, syncopations, triplets, sextuplets, quintuplets); echo it on any key or pad (or \
            Space) in the next bar, against four low clicks on the beats; then the next rhythm, without a break. \
            Each note of the echo is hit (and how early or late, timed by the sequencer's stamp against the \
            bar's sample frames) or missed, and strikes that match no note are extra; the score is the hits over \
            the notes and the extras. With a timing calibration (peach timing calibrate) each strike is paired \
            with it taken off, and the mean is shown both ways; stored offsets stay raw, with the calibration \
            beside them, and peach profile takes it off. Three scores of 80 % or more in a row move up a level \
            (new figures), two below 50 % move down; every echo is stored with its bar and level, and the next \
            session starts at the level you left.
            Examples:
              peach echo
              peach echo --tempo 70 --profile pads
              peach echo --midi-in /tmp/pads.fifo --audio-out wav:echo.wav --events -
            """
        case .playAbstract:
            "Play back: hear a note, interval, chord, scale degree or melody, then play it on your keys."
        case .playDiscussion:
            """
            Peach plays a question and you answer by playing it on your MIDI keyboard: the second note \
            (--kind notes), the other note of an interval, melodic or harmonic (--kind intervals), or a whole \
            chord, its notes struck together (--kind chords), or the note heard after a cadence in a key, in \
            any octave (--kind degrees: which scale degree; a right one resolves to the tonic), or a melody of \
            3 to 8 notes in a key and a simple rhythm, note by note (--kind melodies: each note judged in \
            place). Every note you play sounds at once through Peach's synth or your external synth \
            (play-through; velocity is \
            loudness, the sustain pedal holds). A wrong answer plays yours, then the right one. Peach starts \
            with a few items (P5, M3 and P8 up; major and minor triads; 1, 5 and 3 in major) and adds the next \
            when all but one of the three newest are mastered (6 recent answers, at least 80 % right by its \
            Beta estimate) and 80 % of your recent answers are right; weak and long-unasked items come more \
            often. \
            'peach profile' shows what you confuse with what. The keys are notes here: Space or a cluster of \
            four adjacent keys below C4 replays, Enter or such a cluster from C4 up skips, q (or two clusters \
            in a row) stops. No MIDI keyboard: with --midi-in keyboard the letters a w s e d f t g y h u j k o \
            l p ; are a piano from C4 (z and x an octave down and up; on a German keyboard, QWERTZ, the keys \
            in the same places: z for y, ö for ;, y for z; on a French or Belgian one, AZERTY: q for a, z for \
            w, m for ;, w for z, and Esc stops; PEACH_KEYBOARD_LAYOUT=qwertz, azerty or qwerty says which).
            Items (--items; peach simulate --confuse pairs them):
              notes: unison, up1 … up12, down1 … down12
              intervals: P1 m2 M2 m3 M3 P4 d5 P5 m6 M6 m7 M7 P8, up, down (M3down) or
                harmonic (P5harmonic)
              chords: major minor dim aug sus2 sus4 maj7 dom7 min7 m7b5 dim7, or as on a
                lead sheet (m 7 m7 ø7 °7 +); /1 … /3 an inversion (minor/1, 7/3); aug,
                dim7 and the sus chords in root position
              degrees: 1-major … 7-major, 1-minor … 7-minor, #7-minor, and b7-major
                b3-major b6-major #6-minor #4-major #4-minor b2-major b2-minor #3-minor
              melodies: steps3 steps4 steps5, leaps4 … leaps7, wide5 … wide8,
                chromatic5 … chromatic8
            Examples:
              peach play
              peach play --kind notes --midi-in keyboard
              peach play --kind chords --any-voicing
              peach play --kind degrees --cadence-every 3 --key Eb
              peach play --kind melodies
              peach play --kind melodies --in-tempo --tempo 90
              peach play --kind intervals --items M3,m3 --hide-reference
              peach play --kind notes --any-octave --events -
            """
        case .confusions:
            "Play-back's whole confusion table of a kind (notes, intervals, chords); with --svg, as an SVG table."
        case .accuracy: "Play-back: how often the model player answers an item right (0-1)."
        case .confuse:
            "Play-back: items the model player mixes up, as ASKED=HEARD pairs (M3=m3,major=minor); each is right "
                + "40 % of the time and otherwise played as the other."
        case .playKind: "What to play back: notes, intervals, chords, degrees or melodies."
        case .playItems:
            "Only these items, fixed (e.g. M3,M3down,P5harmonic; major,minor/1,dom7; up4,down3; 5-major,6-minor; "
                + "steps4,leaps5); default: adaptive."
        case .anyOctave:
            "Notes, intervals and melodies: a right note in any octave counts; a miss is measured to its "
                + "nearest octave."
        case .anyVoicing: "Chords: any voicing counts (the same notes in any octave over the same bass)."
        case .hideReference:
            "Do not name the reference note (or a chord's bass) on screen (the showReference setting off)."

        case .chordWindow:
            "Play-back: notes whose onsets lie within this many milliseconds form one answer (20-1000)."
        case .cadenceEvery:
            "Degrees: the cadence sounds before every this many questions of a key (1-8; always at a new key)."
        case .degreeKey:
            "Degrees and melodies: random (a new key every 8 degrees, every melody) or a fixed tonic such as C, Eb or F#, spelled as you write it (F# major, not Gb major)."
        case .degreeNames: "Degrees: name them by numbers (5, b6) or solfege (movable do: sol, le)."
        case .degreeNotes:
            "Degrees: how many notes a question plays in a row (1-3); the degree asked comes last, each in any octave."
        case .velocitySetting: "How hard Peach plays its notes (MIDI velocity)."
        case .wrongAnswerTickSetting: "A short tick after a wrong answer (on or off)."
        case .longPressSetting:
            "How long a press must last to count as a long press (it stops, or opens the box's menu), seconds."
        case .earconLevelSetting: "How loud the practice box's signal sounds are, in dB below full level."
        case .showReferenceSetting:
            "Play-back: whether the reference note (or a chord's bass) is named on screen."
        case .grazeVelocitySetting:
            "Play-back: a key struck this softly and let go at once was grazed, not played (0: every note counts)."
        case .keySignatureSetting: "Play-back: the key lone notes are spelled in (C, G, F#, Bb, Am ...)."
        case .melodyInTempoSetting:
            "Melodies: play them back in tempo, on the clicks after a count-in (on or off; peach play --in-tempo turns it on for a run)."
        case .degreeContext:
            "Degrees: the key is set by a cadence (I-IV-V-I) or a drone (tonic and fifth, held under the note)."
        case .inTempo:
            "Melodies: call and response in tempo: a count-in, the phrase, then play it back on the clicks (--tempo; the melodyInTempo setting makes it the default); a wrong answer plays yours as you played it, then the right one at the tempo."

        case .placement:
            "Begin with a placement (\"I know these\"): the items not answered yet, one question each in order, until two of three in a row are missed; what you answered stays in play."

        case .calibrateAbstract:
            "Timing: tap along with the clicks to measure what your controller and sound add."
        case .calibrateDiscussion:
            """
            A loop of clicks plays, four to a beat; strike your pad (or Space) with every click, 20 times. The \
            median offset is what your whole chain adds (controller, sound card, your habit), kept for this \
            controller and output in calibration.json beside the settings. Fill the gap then shows each strike \
            with it taken off, and raw, and rhythm echo pairs each strike with it taken off; stored results stay \
            raw, with the calibration beside them, and peach profile takes it off.
            Examples:
              peach timing calibrate
              peach timing calibrate --profile pads --tempo 100
            """
        case .tempo: "The tempo in beats per minute (40-200); a sixteenth lasts 15/BPM seconds."
        case .offsetClick:
            "The step whose note is early or late (2-7; else the pattern's nearest note)."
        case .timingPatterns:
            "Patterns to play in turn: 4:xxxx, 4:x-xx, 3:x-x …, a family (sixteenths, triplets) or all."
        case .maxRepetitions: "How often a pattern plays unanswered: 1, 2, 3, 5, 10 or unlimited."
        case .silentBars: "Bars the loop drops out for while you keep striking (0-4; 0: never)."
        case .gapPattern: "A pattern whose rests you strike, e.g. 3:x-x or 4:x--x; none: --gap-positions."
        case .silentEvery: "Bars played between silent bars (1-16)."
        case .tempoRamp: "BPM the tempo changes by at each step (-20 to 20; 0: steady)."
        case .rampEvery: "Bars played between the tempo's steps (1-16; silent bars hold the tempo)."
        case .gapPositions: "The silent steps to strike, of 1-4 (e.g. 4, or 2,4)."
        case .measurePrecision:
            "Stop once the threshold's standard deviation in ln is at most this (0.15 ≈ ±15 %; 0: always all trials)."
        case .profileAbstract:
            "Show your perceptual profile: differences over the keyboard, trend, matching."
        case .profileDiscussion:
            """
            The chart has a column per key of the training range: the bar rises to the mean difference you \
            trained at on that note (log scale, 1 to 100 cents; shorter is better) with its spread above it; \
            untrained keys stay blank. Below: mean, standard deviation and trend, pitch-matching accuracy, and \
            progress by day.
            Examples:
              peach profile
              peach profile --range C3-C5 --svg profile.svg
              peach profile --json | jq .summary
            """
        case .chartRange: "The range of the chart."
        case .svg:
            "Also write the chart as SVG to FILE."
        case .json: "Print the numbers as JSON instead."
        case .days: "Days of progress to list (1-365)."
        case .simulateAbstract:
            "Run a training session answered by a simulated listener, in virtual time."
        case .simulateDiscussion:
            """
            The session, the Kazez staircase and the profile are the real ones; only the listener is a model \
            (a psychometric function with the given threshold and lapse rate). Nothing sounds; nothing is \
            stored unless --save. The settings apply as in training (the note range, the tempo, play-back's \
            key and notes in a row); the options given here go over them. An option the mode does not use \
            (--threshold with --mode matching, --accuracy outside play-back) is refused.
            Examples:
              peach simulate --trials 300 --threshold 5
              peach simulate --mode matching --trials 50 --bias -3 --spread 8
              peach simulate --mode timing --trials 300 --threshold 6 --tempo 100
              peach simulate --mode tap --trials 5 --bias -4 --spread 9
              peach simulate --mode intervals --confuse M3=m3,m3=M3
            """
        case .mode:
            "comparison (higher/lower), matching (tune to the reference), measurement (Psi places each trial), "
                + "timing (early or late; --threshold in ms), tap (fill the gap; --bias and --spread in ms, "
                + "--trials of sixteen cycles), echo (rhythm echo; --bias and --spread in ms, --lapse a missed "
                + "note), or notes, intervals, chords, degrees, melodies (play-back, answered by a model player: "
                + "--accuracy, --confuse, --items)."
        case .trials: "Number of trials (1-1000000)."
        case .threshold:
            "The listener's threshold: cents answered right 75 % of the time, lapses included (0.1-100)."
        case .slope:
            "The slope of the listener's psychometric function (Weibull and log-logistic β; 1/σ on ln cents for "
                + "logGaussian)."
        case .shape:
            "The shape of the listener's psychometric function: weibull, logGaussian or logLogistic."
        case .lapse:
            "Share of trials the listener is inattentive on and guesses (0-0.4)."
        case .bias:
            "Pitch matching: the listener's mean error in cents (+ = sharp); tap, echo and melodies with --in-tempo: in ms (+ = late)."
        case .spread:
            "Pitch matching: the standard deviation of the listener's error in cents; tap, echo and melodies with --in-tempo: in ms."
        case .drift:
            "Fill the gap with --silent-bars: how far the player drifts per silent bar, in ms (+ dragging)."
        case .seed:
            "Random seed; the same seed replays the same session (default: random)."
        case .quiet:
            "Print only the summary, not every trial."
        case .save:
            "Store the simulated answers in the training data (marked as input 'simulated')."
        case .toneAbstract:
            "Play one note on the internal synth (live, or into a WAV file) or an external MIDI synth."
        case .toneDiscussion:
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
            """
        case .note:
            "The note: a name such as A4, C#3, Bb2, or a MIDI number."
        case .cents:
            "Offset from the note in cents (e.g. +12.3 or -5)."
        case .duration: "Seconds the note sounds (0.05-60)."
        case .gain: "Gain in dB (-90 to +12)."
        case .sweep:
            "Glide the held note by this many cents (what a pitch wheel does)."
        case .sweepTime:
            "Seconds the glide takes, starting a quarter into the note."
        case .monitorAbstract:
            "Show incoming MIDI events and the actions the controller profile makes of them."
        case .monitorDiscussion:
            """
            One line per event: time (seconds since start), source port, message, and '->' the actions. \
            Controllers that connect or go away are shown as they do. Ctrl-C (or q at the terminal) stops; \
            with --midi-in rawmidi:FILE it stops at the end of the file.
            Examples:
              peach monitor                           # every controller, the active profile
              peach monitor --profile two-footswitches --json
              peach monitor --midi-in rawmidi:/dev/snd/midiC1D0
            """
        case .monitorJSON: "Print JSON Lines instead of text."
        case .learnAbstract:
            "Make a controller profile by pressing the controls for each action."
        case .learnDiscussion:
            """
            Peach asks for each action in turn; press (or move) the control you want for it. Keys and pads, \
            pedals and buttons (controllers; pedals that rest at 127 are taken as inverted) and program \
            changes can answer; for tuning, move the pitch-bend wheel, a fader or knob, or turn an encoder both \
            ways. Nothing is written until every action is learned; Ctrl-C stops without writing.
            Actions: \(Help.learnableActions).
            Examples:
              peach learn --name my-pads
              peach learn --name pedal --actions higher,lower
              peach learn --name keys --midi-in seq:Launchkey --force
            """
        case .learnName:
            "The profile's name (letters, digits, - and _)."
        case .learnActions:
            "The actions to learn, in order, separated by commas."
        case .learnDevice:
            "A device-name pattern the profile fits (repeatable; default: the device the controls came from)."
        case .force: "Replace a profile of the same name."
        case .devicesAbstract:
            "List MIDI controllers and synths, raw MIDI devices and audio outputs."
        case .devicesDiscussion:
            """
            '*' marks the controllers Peach connects to with --midi-in (and the profile's device names) and the \
            synth --output midi plays.
            """
        case .settingsAbstract:
            "List, get, set or reset settings (~/.config/peach/settings.json)."
        case .settingsDiscussion:
            """
            A change applies to the next trial of a running session. A broken settings file is repaired by \
            'set' and 'reset': every setting that still reads is kept, and the broken file is copied aside.
            Examples:
              peach settings set noteRange C3-C5
              peach settings set referencePitch 442
              peach settings reset noteDuration
            """
        case .settingsList:
            "List every setting with its default and range."
        case .settingsGet: "Print one setting's value."
        case .settingsSet: "Change one setting."
        case .settingsReset:
            "Reset one setting, or all of them, to the default."
        case .settingKey: "The setting, e.g. noteRange."
        case .settingValue: "The new value, e.g. C3-C5."
        case .settingKeyToReset:
            "The setting to reset; all settings when left out."
        case .dataAbstract:
            "Check, export, import or reset the training data."
        case .dataDiscussion:
            "The data is a journal of JSON lines, one answer per line, in ~/.local/share/peach/records.jsonl."
        case .dataCheck:
            "Verify the data and report counts and damage (exit status 1 when something is damaged)."
        case .dataExport:
            "Write all records as CSV or JSON to a file or to standard output."
        case .dataExportDiscussion:
            "Examples:\n  peach data export --format csv answers.csv\n  peach data export | jq length\n"
                + "  peach data export --format peach-csv phone.csv  # for Peach on iOS and the web"
        case .format:
            "json (default), csv (Peach's own columns) or peach-csv (the CSV Peach on iOS and the web imports)."
        case .exportFile:
            "The file to write (created with mode 0600); standard output when left out or -."
        case .dataImport:
            "Add records from an export (CSV or JSON), a journal, or a CSV of Peach on iOS or the web, without "
                + "duplicates."
        case .dataImportDiscussion:
            "With --replace the data is replaced by the file's records; the old journal is kept as a backup.\n"
                + "A CSV exported by Peach on iOS or the web (format 1-3, first line '# peach-export-format:N') "
                + "is read by column name; a row that cannot be read is skipped and named, the rest imported. "
                + "Timing records (early or late, fill the gap) join the timing profile as Peach's own do. A "
                + "record that went to the phone and back (whole seconds) is recognised as a duplicate."
        case .importFile: "The file to import."
        case .replace:
            "Replace all records instead of merging (a backup is kept)."
        case .dataReset:
            "Delete all training data (asks first unless --yes; a backup is kept)."
        case .yes: "Do not ask for confirmation."
        case .infoAbstract:
            "Show the version, the licence and where data and settings live."
        case .range:
            "Training range, e.g. C3-C5 (A0-C8, at least an octave)."
        case .noteDuration: "Seconds each note sounds (0.3-3)."
        case .gap:
            "Seconds of silence between the two notes (0-5)."
        case .referencePitch: "Frequency of A4 in Hz (380-500)."
        case .varyLoudness:
            "Loudness rove of the second note, 0 (off) to 1 (±5 dB)."
        case .feedbackDuration:
            "Seconds feedback is shown (0.1-2)."
        case .timbre:
            "The internal synth's timbre: sine, piano or organ."
        case .progress:
            "Show progress over time instead: per mode and interval, the threshold (or matching error) week by "
                + "week with its likely range; with --svg as an SVG chart."
        case .intervals:
            "Intervals trials pick from, e.g. P5,M3down: P1 (unison) m2 M2 m3 M3 P4 d5 P5 m6 M6 m7 M7 P8, up or "
                + "with 'down'."
        case .tuning:
            "How intervals are tuned from each trial's first note: equal, just (5-limit) or pythagorean."
        case .soundFont:
            "A SoundFont (.sf2) for the internal synth: a path, or a file name 'peach sounds' lists; none for the "
                + "timbre."
        case .preset:
            "The SoundFont's preset: a name or BANK:PROGRAM (default: the first)."
        case .soundsAbstract:
            "List the internal synth's timbres and the SoundFonts found, with their presets."
        case .soundsDiscussion:
            """
            SoundFonts are looked for in $XDG_DATA_HOME/soundfonts (~/.local/share/soundfonts), \
            /usr/share/soundfonts and /usr/share/sounds/sf2 (Debian: apt install fluid-soundfont-gm or \
            timgm6mb-soundfont). Play one with --soundfont NAME --preset NAME, or keep it in the settings:
              peach settings set soundfont FluidR3_GM
              peach settings set preset "Yamaha Grand Piano"
            A SoundFont that cannot be read plays the timbre instead, with one line saying why.
            """
        case .soundsFile:
            "Only this SoundFont (a path or name); an error if it cannot be read."
        case .profile: "The controller profile."
        case .midiIn:
            """
            Where controller input comes from: seq (every hardware controller, now and when plugged in \
            later), seq:CLIENT:PORT, seq:NAME, jack (JACK MIDI from the physical MIDI ports; jack:NAME: \
            those whose names contain NAME), rawmidi:PATH or just a path (raw MIDI bytes from \
            /dev/snd/midiC1D0, a FIFO, a file, or - for stdin), or keyboard (the computer keyboard only).
            """
        case .output:
            """
            What plays the notes: synth (the internal one), midi (the first MIDI synth found, such as \
            FluidSynth), midi:CLIENT:PORT, midi:NAME or rawmidi:PATH (MIDI bytes to a device, FIFO or file).
            """
        case .audioOut:
            """
            Where the internal synth plays: alsa:DEVICE (e.g. alsa:default, alsa:hw:1,0), jack (a client of the \
            running JACK server, into the sound card; jack:CLIENT into another client), wav:PATH or null. Timing \
            trains only where clicks are heard exactly when placed: a sound card played directly (alsa:hw:…), \
            not through PipeWire, PulseAudio or JACK.
            """
        case .latency:
            "ALSA buffering: standard (3 x 256 frames at 48 kHz, 16 ms), low (2 x 64 frames, 2.7 ms) or "
                + "FRAMESxPERIODS (16-8192 frames, 2-16 periods). Default: standard; peach play and peach serve on "
                + "a sound card 4 x 64 (5.3 ms) where the card keeps up."
        case .midiChannels:
            "MIDI channels 1-16 to play on, in rotation (one sounding note per channel), e.g. 1,2 or 1-4."
        case .midiProgram:
            "Program change 1-128 to send at start (default: none)."
        case .bendRange:
            "Pitch-bend range to set by RPN 0, semitones (1-24)."
        case .midiTuning:
            "How cents reach the synth: bend (pitch bend) or mts (MIDI Tuning Standard, tuning program 0)."
        case .events:
            "Write a JSON Lines account of the session to FILE (- for stdout), a line per event: "
                + "\(Help.eventNames); see docs/training.md."
        case .groupSettings: "Settings for this run"
        case .groupController: "Controller"
        case .groupSound: "Sound"
        case .groupData: "Data"
        case .dataDir:
            "Folder of the training data (default: $PEACH_DATA_DIR or ~/.local/share/peach)."
        }
    }
}

extension Texts {
    /// A help text; `current` (a setting's value now) is added as `(now: …)` where an option defaults to a
    /// setting.
    public func help(_ key: Help, current: String? = nil) -> String {
        var text = tr(key.english)
        if let current, !current.isEmpty {
            text = tr("\(text) Now: \(current) (the setting).")
        }
        return marksNonASCII ? Self.markingNonASCII(text) : text
    }
}

extension Texts {
    /// Pairs of a pattern of swift-argument-parser's own words and their replacement in the user's language.
    /// The library has no localisation, so the CLI edge puts its screens and messages through
    /// ``argumentParserText(_:)``; a replacement's `$1`, `$2` are what the library put there (an option, a
    /// value). The replacement's English is the library's own wording (a translator sees it as the `msgid`).
    func argumentParserWords() -> [(pattern: String, replacement: String)] {
        [
            (#"(?m)^OVERVIEW:"#, tr("OVERVIEW:", context: "argument-parser")),
            (#"(?m)^USAGE:"#, tr("USAGE:", context: "argument-parser")),
            (#"(?m)^ARGUMENTS:"#, tr("ARGUMENTS:", context: "argument-parser")),
            (#"(?m)^OPTIONS:"#, tr("OPTIONS:", context: "argument-parser")),
            (#"(?m)^SUBCOMMANDS:"#, tr("SUBCOMMANDS:", context: "argument-parser")),
            (#"Show the version\."#, tr("Show the version.", context: "argument-parser")),
            (#"Show help information\."#, tr("Show help information.", context: "argument-parser")),
            (#"; default:"#, tr("; default:", context: "argument-parser")),
            (#"\(default:"#, tr("(default:", context: "argument-parser")),
            (#"\(values:"#, tr("(values:", context: "argument-parser")),
            (#" \(default\) "#, tr(" (default) ", context: "argument-parser")),
            (
                #"See '([^<']*)<subcommand>' for detailed help\."#,
                tr("See '$1<subcommand>' for detailed help.", context: "argument-parser")
            ),
            (#"<subcommand>"#, tr("<subcommand>", context: "argument-parser")),
            (#"<options>"#, tr("<options>", context: "argument-parser")),
            (
                #"(?m)^Unknown option '([^']*)'\. Did you mean '([^']*)'\?"#,
                tr("Unknown option '$1'. Did you mean '$2'?", context: "argument-parser")
            ),
            (#"(?m)^Unknown option '([^']*)'"#, tr("Unknown option '$1'", context: "argument-parser")),
            (#"(?m)^Missing value for '([^']*)'"#, tr("Missing value for '$1'", context: "argument-parser")),
            (
                #"(?m)^Missing expected argument '([^']*)'"#,
                tr("Missing expected argument '$1'", context: "argument-parser")
            ),
            (
                #"(?m)^Missing required subcommand\."#,
                tr("Missing required subcommand.", context: "argument-parser")
            ),
            (
                #"(?m)^Unexpected argument '([^']*)'"#,
                tr("Unexpected argument '$1'", context: "argument-parser")
            ),
            (
                #"(?m)^([0-9]+) unexpected arguments: "#,
                tr("$1 unexpected arguments: ", context: "argument-parser")
            ),
            (#"(?m)^Invalid option: "#, tr("Invalid option: ", context: "argument-parser")),
            (
                #"(?m)^The option '([^']*)' does not take any value, but '([^']*)' was specified\."#,
                tr(
                    "The option '$1' does not take any value, but '$2' was specified.",
                    context: "argument-parser")
            ),
            (
                #"(?m)^The value '([^']*)' is invalid for '([^']*)'"#,
                tr("The value '$1' is invalid for '$2'", context: "argument-parser")
            ),
        ]
    }

    /// A help screen or parse error of swift-argument-parser in the user's language (English as it is).
    public func argumentParserText(_ text: String) -> String {
        guard !catalogue.language.isEmpty else { return text }
        var text = text
        for (pattern, replacement) in argumentParserWords() {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }
}
