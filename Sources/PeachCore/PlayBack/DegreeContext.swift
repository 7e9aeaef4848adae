// DegreeContext: what sets the key before a degrees question: the cadence, or a drone on the tonic.

/// How a degrees run sets the key before a note (the `degreeContext` setting). A **cadence** (I–IV–V–I, minor's
/// i–iv–V–i; ``PlayBackQuestion/cadence``) states the key as harmony; a **drone** (``PlayBackQuestion/drone``:
/// the tonic and its fifth, an octave down) holds it under the note and the answer, the way a tanpura or an open
/// string does, and each degree is heard as its colour against the tonic. The cadence is the easier context for
/// most Western-trained ears; the drone asks the ear to hold the mode itself (it says major or minor only
/// through the notes asked). Both come as often as `cadenceEvery` says.
public enum DegreeContext: String, CaseIterable, Hashable, Sendable {
    /// Four chords, then the note.
    case cadence
    /// The tonic and its fifth, held from ``PlayBackSession/droneLead`` before the note until the answer is
    /// judged (at most ``PlayBackSession/droneHold`` after the note).
    case drone
}
