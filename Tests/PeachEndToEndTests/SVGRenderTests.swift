// SVGRenderTests: the profile and progress SVGs rendered by a real renderer (rsvg-convert) with one session,
// one week and a year of data: the size they say, and nothing drawn outside it.

import Foundation
import Testing

/// Whether rsvg-convert (Debian's librsvg2-bin) is here. CI installs it and sets `PEACH_REQUIRE_RSVG=1`, so
/// there a missing renderer fails instead of skipping.
private let rsvgConvert = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}
private let rsvgRequired = ProcessInfo.processInfo.environment["PEACH_REQUIRE_RSVG"] == "1"

@Suite(
    "SVG charts in a real renderer",
    .enabled(
        if: rsvgConvert != nil || rsvgRequired, "rsvg-convert is not installed (apt-get install librsvg2-bin)"
    ))
struct SVGRenderTests {
    typealias Home = NewUserTests.Home

    /// A year of weekly comparison sessions (30 answers each, at thresholds that wander), as a JSON export.
    static func yearOfRecords() -> String {
        var generator = SystemRandomNumberGenerator()
        var records: [String] = []
        let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2025-11-20
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for week in 0..<52 {
            for trial in 0..<30 {
                let time = start.addingTimeInterval(Double(week) * 7 * 86_400 + Double(trial) * 10)
                let magnitude = [3, 5, 8, 12, 20, 30][Int.random(in: 0..<6, using: &generator)]
                let cents = Bool.random(using: &generator) ? magnitude : -magnitude
                let correct =
                    Double.random(in: 0..<1, using: &generator) < 0.5 + 0.5 * min(Double(magnitude) / 15, 1)
                let answer = (cents > 0) == correct ? "higher" : "lower"
                records.append(
                    #"{"v":1,"type":"comparison","time":"\#(formatter.string(from: time))","note1":60,"note2":60,"#
                        + #""cents":\#(cents),"answer":"\#(answer)","correct":\#(correct),"referencePitch":440,"#
                        + #""timbre":"sine","noteDuration":1,"gap":0,"velocity":63,"note2Gain":0,"#
                        + #""responseTime":0.5,"input":"simulated"}"#)
            }
        }
        return "[\n" + records.joined(separator: ",\n") + "\n]\n"
    }

    /// The homes: one short session; a week with intervals and pitch matching; a year.
    static func homes() throws -> [(String, Home)] {
        let session = Home()
        #expect(
            try session.run(["simulate", "--save", "--quiet", "--trials", "25", "--seed", "1"]).status == 0)
        let week = try FirstHourTests.trainedHome()
        let year = Home()
        try FileManager.default.createDirectory(atPath: year.root, withIntermediateDirectories: true)
        try yearOfRecords().write(toFile: year.root + "/year.json", atomically: true, encoding: .utf8)
        let imported = try year.run(["data", "import", year.root + "/year.json"])
        #expect(imported.status == 0, "\(imported.standardError)")
        return [("one session", session), ("one week", week), ("a year", year)]
    }

    /// Renders `svg` to PNG bytes.
    static func render(_ svg: String, in folder: String, name: String) throws -> Data {
        let input = folder + "/" + name + ".svg"
        let output = folder + "/" + name + ".png"
        try svg.write(toFile: input, atomically: true, encoding: .utf8)
        let result = try PeachBinary.run(
            URL(
                fileURLWithPath: try #require(
                    rsvgConvert, "rsvg-convert is required here (PEACH_REQUIRE_RSVG=1)")),
            [input, "-o", output], environment: [:], typing: nil)
        #expect(result.status == 0, "rsvg-convert: \(result.standardError)")
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// The PNG's width and height, from its IHDR chunk.
    static func pngSize(_ png: Data) -> (Int, Int) {
        let bytes = [UInt8](png)
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Checks that everything `svg` draws lies inside its own width and height: the chart is rendered on a
    /// canvas 40 px larger on every side, without its white background and with an opaque white rectangle over
    /// its own area on top; that must give exactly the image of the white rectangle alone. Anything drawn
    /// outside (a title cut off at the edge, a label below the bottom) makes the two differ.
    static func checkNothingOutside(
        _ svg: String, width: Int, height: Int, folder: String, what: String
    ) throws {
        let header =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width + 80)" height="\#(height + 80)" "#
            + #"viewBox="-40 -40 \#(width + 80) \#(height + 80)" font-family="sans-serif" font-size="10">"#
        let cover = #"<rect x="0" y="0" width="\#(width)" height="\#(height)" fill="white"/>"#
        let lines = svg.split(separator: "\n").map(String.init)
        let body = lines.filter {
            !$0.hasPrefix("<?xml") && !$0.hasPrefix("<svg ") && $0 != "</svg>" && $0 != cover
        }
        #expect(body.count == lines.count - 4, "\(what): the header and background are as expected")
        let covered = try render(
            ([header] + body + [cover, "</svg>"]).joined(separator: "\n"), in: folder, name: "covered")
        let blank = try render([header, cover, "</svg>"].joined(separator: "\n"), in: folder, name: "blank")
        #expect(covered == blank, "\(what): something is drawn outside its \(width)×\(height)")
    }

    @Test("each chart has a title and a legend, renders at the size it says, and draws nothing outside it")
    func charts() throws {
        for (data, home) in try Self.homes() {
            let folder = home.root + "/svg"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (chart, arguments) in [("profile", ["profile"]), ("progress", ["profile", "--progress"])] {
                let path = folder + "/\(chart).svg"
                let result = try home.run(arguments + ["--svg", path])
                #expect(result.status == 0, "\(result.standardError)")
                let svg = try String(contentsOfFile: path, encoding: .utf8)
                let what = "\(chart) with \(data)"
                #expect(svg.contains(#"class="title""#) && svg.contains(#"class="legend""#), "\(what)")
                let size = try #require(
                    svg.firstMatch(of: /<svg [^>]*width="([0-9]+)" height="([0-9]+)"/), "\(what): no size")
                let width = try #require(Int(size.1))
                let height = try #require(Int(size.2))
                #expect(width >= 360, "\(what): \(width) px wide")
                let png = try Self.render(svg, in: folder, name: chart)
                #expect(Self.pngSize(png) == (width, height), "\(what)")
                try Self.checkNothingOutside(svg, width: width, height: height, folder: folder, what: what)
                if chart == "progress" && data == "one session" {
                    // One week: its band is a bar (a polygon needs two weeks to have an area).
                    #expect(svg.contains(#"class="band-bar""#) && !svg.contains(#"class="band""#), "\(what)")
                }
            }
        }
    }
}
