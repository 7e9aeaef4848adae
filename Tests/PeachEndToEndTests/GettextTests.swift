// GettextTests: the catalogue files and rules: .po parsing, .mo reading (msgfmt's own output), plural rules.

import Foundation
import PeachSystem
import PeachText
import Testing

@Suite("Gettext catalogues")
struct GettextTests {
    @Test("plural rules of several languages, as gettext's manual gives them")
    func pluralRules() throws {
        let english = try #require(PluralRule(header: "nplurals=2; plural=(n != 1);"))
        #expect([0, 1, 2, 11].map(english.form(for:)) == [1, 0, 1, 1])
        let french = try #require(PluralRule(header: " nplurals=2; plural=n>1;"))
        #expect([0, 1, 2].map(french.form(for:)) == [0, 0, 1])
        let polish = try #require(
            PluralRule(
                header:
                    "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        #expect([1, 2, 4, 5, 12, 22, 25, 112].map(polish.form(for:)) == [0, 1, 1, 2, 2, 1, 2, 2])
        let japanese = try #require(PluralRule(header: "nplurals=1; plural=0;"))
        #expect(japanese.form(for: 5) == 0)
        let arabic = try #require(
            PluralRule(
                header: "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
                    + "n%100>=11 ? 4 : 5);"))
        #expect([0, 1, 2, 3, 11, 100].map(arabic.form(for:)) == [0, 1, 2, 3, 4, 5])
        #expect(PluralRule(header: "nplurals=2; plural=(n !=;") == nil)
        #expect(PluralRule(header: "plural=n;") == nil)
        #expect(try #require(PluralRule(header: "nplurals=2; plural=n/0;")).form(for: 3) == 0)  // no crash
    }

    @Test("a .po file: contexts, plurals, continued strings, escapes, fuzzy entries and comments")
    func poFile() throws {
        let text = #"""
            # a comment
            msgid ""
            msgstr ""
            "Plural-Forms: nplurals=2; plural=(n != 1);\n"

            #: Sources/X.swift:1
            msgctxt "decimal separator"
            msgid "."
            msgstr ","

            msgid "Stopped by {1}."
            msgstr "Durch {1} "
            "beendet."

            msgid "{1} line"
            msgid_plural "{1} lines"
            msgstr[0] "{1} Zeile"
            msgstr[1] "{1} Zeilen"

            #, fuzzy
            msgid "a \"quoted\"\tword\n"
            msgstr "ein Wort"
            """#
        let file = try POFile(parsing: text)
        #expect(file.entries.count == 5)
        #expect(file.header["Plural-Forms"] == "nplurals=2; plural=(n != 1);")
        #expect(file.entries[4].id == "a \"quoted\"\tword\n" && file.entries[4].flags == ["fuzzy"])
        let catalogue = MessageCatalogue(language: "de", entries: file.entries, pluralRule: .english)
        #expect(catalogue.translation(of: ".", context: "decimal separator") == ",")
        #expect(catalogue.translation(of: ".") == nil)
        #expect(catalogue.translation(of: "Stopped by {1}.") == "Durch {1} beendet.")
        #expect(catalogue.translation(one: "{1} line", count: 1) == "{1} Zeile")
        #expect(catalogue.translation(one: "{1} line", count: 3) == "{1} Zeilen")
        #expect(catalogue.translation(of: "a \"quoted\"\tword\n") == nil, "a fuzzy entry is not used")
        #expect(throws: POFile.SyntaxError(line: 2, found: "msgid")) {
            try POFile(parsing: "msgid \"\"\nmsgid")
        }
    }

    @Test("a template's places are filled in the translation's order; a message joins with +")
    func messages() {
        let name = "SIGTERM"
        let message: Message = "Stopped by \(name) after \(3) answers."
        #expect(message.template == "Stopped by {1} after {2} answers.")
        #expect(
            Message.filling("{2} Antworten, dann {1}.", with: message.values) == "3 Antworten, dann SIGTERM.")
        let joined: Message = "a \(1) " + "b \(2) {x}"
        #expect(joined.template == "a {1} b {2} {x}" && joined.values == ["1", "2"])
    }

    @Test("msgfmt's .mo of de.po reads as the .po does, and the installed layout is found")
    func moFile() throws {
        let msgfmt = ["/usr/bin/msgfmt", "/bin/msgfmt"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let msgfmt else {
            #expect(
                ProcessInfo.processInfo.environment["PEACH_REQUIRE_MSGFMT"] == nil,
                "msgfmt (gettext) is missing, and CI requires it")
            print("GettextTests.moFile skipped: no msgfmt here (apt-get install gettext)")
            return
        }
        let folder = NSTemporaryDirectory() + "peach-mo-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(
            atPath: folder + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: msgfmt)
        process.arguments = [
            "--check", "-o", folder + "/de/LC_MESSAGES/peach.mo", MessageCatalogue.sourceFolder + "/de.po",
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let compiled = MessageCatalogue.load(
            languages: ["de_DE", "de"], environment: ["PEACH_LOCALEDIR": folder + "-none"])
        let source = try #require(
            MessageCatalogue.readPO(MessageCatalogue.sourceFolder + "/de.po", language: "de"))
        #expect(compiled.count == source.count, "without the folder: the source tree's catalogue")
        let installed = MessageCatalogue.load(languages: ["de"], environment: ["PEACH_LOCALEDIR": folder])
        #expect(installed.count == source.count)
        #expect(installed.translation(of: "Stopped.") == "Beendet.")
        #expect(installed.translation(of: ".", context: "decimal separator") == ",")
        #expect(installed.translation(one: "{1} answer", count: 2) == "{1} Antworten")
        #expect(installed.pluralRule.form(for: 1) == 0 && installed.pluralRule.form(for: 2) == 1)
        let bytes = try SystemFile(path: folder + "/de/LC_MESSAGES/peach.mo", flags: O_RDONLY).readAll()
        #expect(MOFile.pairs(Array(bytes.prefix(20))) == nil, "a cut file is no catalogue")
    }

    @Test("msgfmt --check refuses a translation that drops a place or adds one, through the template's flag")
    func droppedPlace() throws {
        guard
            let msgfmt = ["/usr/bin/msgfmt", "/bin/msgfmt"].first(where: FileManager.default.isExecutableFile)
        else {
            #expect(
                ProcessInfo.processInfo.environment["PEACH_REQUIRE_MSGFMT"] == nil,
                "msgfmt (gettext) is missing, and CI requires it")
            print("GettextTests.droppedPlace skipped: no msgfmt here (apt-get install gettext)")
            return
        }
        let folder = NSTemporaryDirectory() + "peach-places-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func check(_ text: String) throws -> (status: Int32, said: String) {
            let path = folder + "/xx.po"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: msgfmt)
            process.arguments = ["--check", "-o", "/dev/null", path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, said)
        }
        let german = try String(contentsOfFile: MessageCatalogue.sourceFolder + "/de.po", encoding: .utf8)
        #expect(try check(german).status == 0, "de.po as it is passes")
        // A flagged entry of three places: the German without its {2} and {3} (the setting's value and range gone).
        let english = "msgid \"{1} {2} is out of range; use {3}\""
        let entry = try #require(german.range(of: english), "the entry is in de.po")
        let translation = try #require(
            german.range(of: "msgstr \"", range: entry.upperBound..<german.endIndex))
        let lineEnd = try #require(german[translation.upperBound...].firstIndex(of: "\n"))
        let dropped = german.replacingCharacters(
            in: translation.upperBound..<lineEnd, with: "{1} liegt außerhalb des Bereichs.\"")
        let refused = try check(dropped)
        #expect(refused.status != 0 && refused.said.contains("argument '2'"), "\(refused.said)")
        let added = german.replacingCharacters(
            in: translation.upperBound..<lineEnd, with: "{1} {2} passt nicht; nimm {3} oder {4}.\"")
        #expect(try check(added).status != 0, "a place the English lacks is refused too")
    }
}
