// Glossary: one name per thing in every language, and the synonyms the catalogue must not use.

/// The names of Peach's things in English and German, and the words each name replaced. Every screen, help
/// text and error uses these names, so a musician meets one word for one thing (a test reads the catalogue
/// for the ``Entry/avoid`` words).
public enum Glossary {
    /// One thing's name.
    public struct Entry: Sendable {
        /// The English name.
        public let english: String
        /// The German name.
        public let german: String
        /// German words that named the same thing before and must not come back.
        public let avoid: [String]
    }

    /// The glossary.
    public static let entries: [Entry] = [
        Entry(
            english: "pitch discrimination", german: "Tonhöhen unterscheiden", avoid: ["Vergleichstraining"]),
        Entry(english: "comparison (one trial of it)", german: "Vergleich", avoid: []),
        Entry(english: "pitch matching", german: "Tonhöhe treffen", avoid: ["Tonhöhenübung", "Abstimm"]),
        Entry(english: "attempt (one pitch-matching trial)", german: "Versuch", avoid: []),
        Entry(english: "session", german: "Sitzung", avoid: ["Übung begonnen", "Übung beendet"]),
        Entry(english: "trial", german: "Durchgang", avoid: []),
        Entry(english: "threshold", german: "Schwelle", avoid: []),
        Entry(
            english: "likely range (68 % credible interval)", german: "wahrscheinlicher Bereich",
            avoid: ["68-%-"]),
        Entry(english: "unison", german: "Prime", avoid: ["(Prim)", "\"Prim\""]),
        Entry(english: "practice box", german: "Übungsbox", avoid: []),
        Entry(english: "earcon", german: "Hörzeichen", avoid: []),
        Entry(english: "controller profile", german: "Controller-Profil", avoid: []),
    ]
}
