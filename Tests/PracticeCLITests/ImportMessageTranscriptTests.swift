import Foundation
import PracticeTestSupport
import XCTest

/// Golden transcripts of what `import` and `export` say about broken input, with `--lang en` and
/// `--lang zh`: `Snapshots/import-errors-en.txt` and `import-errors-zh.txt` hold the same runs, so an
/// importer message missing from the catalog shows as English in the Chinese file.
final class ImportMessageTranscriptTests: XCTestCase {
  typealias Run = MessageTranscriptTests.Run

  /// Broken banks of every format the importer reads, and a class folder with damaged journals.
  static func runs(in folder: TemporaryFolder) throws -> [Run] {
    let gift = try folder.write(
      "broken.gift",
      """
      ::Boiling:: Water boils at 100 °C. {t}

      ::Ice:: Ice is {=solid ~liquid

      :Title: missing a colon {=a ~b}

      What is 2 + 2? {#4..1}

      Pick one {~a ~b}

      Match {=a -> b}

      A second block {=x ~y} and {=z ~w}

      ::Lonely title::

      """)
    let xml = try folder.write(
      "broken.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz>
        <question type="multichoice">
          <name><text>Only one answer</text></name>
          <questiontext format="html"><text>Pick</text></questiontext>
          <answer fraction="100"><text>yes</text></answer>
        </question>
        <question type="numerical">
          <questiontext><text>How far?</text></questiontext>
          <answer fraction="100"><text>far</text></answer>
        </question>
        <question type="truefalse">
          <questiontext><text>True?</text></questiontext>
          <answer fraction="100"><text>maybe</text></answer>
        </question>
        <question type="ddwtos"><questiontext><text>Drag</text></questiontext></question>
      </quiz>

      """)
    let unclosed = try folder.write(
      "unclosed.xml", "<quiz>\n  <question type=\"essay\">\n    <questiontext><text>Say</text></question>\n</quiz>\n")
    let notQuiz = try folder.write("not-quiz.xml", "<html><body>hello</body></html>\n")
    let aiken = try folder.write(
      "broken.txt", "What is H2O?\nA. water\nC. salt\nANSWER: D\n\nWhich gas?\nA. O2\nB. N2\n\nANSWER: A\n")
    let csv = try folder.write(
      "broken.csv", "#separator:Comma\n#columns:front,back,colour\nNa,sodium,red\nK,\n\"Cl,chlorine\n")
    let latin1 = folder.path + "/latin1.gift"
    try Data(Array("Caf".utf8) + [0xE9] + Array(" is {=coffee}\n".utf8)).write(to: URL(fileURLWithPath: latin1))
    let good = try folder.write("good.gift", "::Q1:: Water boils at 100 °C. {T}\n")
    // GIFT cannot hold a Cloze question: the export leaves it out, as Moodle's does, and says so.
    let cloze = try folder.write(
      "cloze.gift", "::Water:: Ice {1:SA:=melts} at 0 ℃, water {1:SA:=boils} at 100 ℃.\n\nIce floats. {T}\n")
    // A class folder: one learner with a damaged line and a half-written last record.
    let journal = folder.path + "/class/ann/water/journal.jsonl"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/class/ann/water", withIntermediateDirectories: true)
    try Data("this is not a record\n{\"writer\":\"x\",\"seq\":1,\"type\":\"ans".utf8).write(
      to: URL(fileURLWithPath: journal))
    return [
      Run(arguments: ["import", gift]),
      Run(arguments: ["import", xml]),
      Run(arguments: ["import", unclosed]),
      Run(arguments: ["import", notQuiz]),
      Run(arguments: ["import", aiken]),
      Run(arguments: ["import", csv]),
      Run(arguments: ["import", latin1]),
      Run(arguments: ["import", good, "--output", folder.path + "/good.json"]),
      Run(arguments: ["export", "--format", "gift", folder.path + "/missing.json"]),
      Run(arguments: ["export", "--format", "gift", cloze, "--output", folder.path + "/cloze-out.gift"]),
      Run(arguments: ["export", "--events", "--data-dir", folder.path + "/class"]),
      Run(arguments: ["export", "--events", "--data-dir", folder.path + "/nowhere"]),
      // Not an id, and no file: inside the test's own folder, so no '../x' next to the checkout can exist.
      Run(arguments: [
        "export", "--events", "--data-dir", folder.path + "/class", "--course", folder.path + "/none/../x",
      ]),
      Run(arguments: ["export", "--outline", "--course", folder.path + "/missing.json"]),
    ]
  }

  /// What the import writes into the course itself (an essay kept as text, a Cloze question's blanks,
  /// the title of several files) is in the importing teacher's language; partial credit and
  /// per-answer feedback are kept as data (`fractions`, `feedback`, `otherAnswers`), not text.
  func testTheCourseTextTheImportWritesIsInTheTeachersLanguage() throws {
    let folder = TemporaryFolder()
    let bank = try folder.write(
      "bank.gift",
      "Pick {~%50%half right ~=right#Well done ~wrong}\n\nTell us about water. {}\n\n"
        + "Ice is {1:SA:=solid} and steam is {1:SA:=gas}\n")
    let more = try folder.write("more.gift", "2 + 2 = {#=4 =%50%5#Close}\n")
    for (language, expected) in [
      (
        "en",
        [
          "\"otherAnswers\"", "\"Close\"", "\"fractions\"", "\"Well done\"", "\"type\": \"essay\"",
          "[blank 2 of 2]", "Imported questions",
        ]
      ),
      ("zh", ["\"Close\"", "\"Well done\"", "\"type\": \"essay\"", "[第 2 空，共 2 空]", "导入的题目"]),
    ] {
      let output = folder.path + "/course-\(language).json"
      let result = try PracticeBinary.run(
        ["--lang", language, "import", bank, more, "--output", output],
        environment: PracticeBinary.environment(dataDirectory: folder.path))
      XCTAssertEqual(result.status, 0, result.stderr)
      let course = try String(contentsOfFile: output, encoding: .utf8)
      for text in expected { XCTAssertTrue(course.contains(text), "\(language): no \(text) in\n\(course)") }
    }
  }

  func testImportAndExportErrorsInBothLanguages() throws {
    for language in ["en", "zh"] {
      let folder = TemporaryFolder()
      let transcript = try MessageTranscriptTests.transcript(
        of: try Self.runs(in: folder), in: folder, environment: [:], extraArguments: ["--lang", language])
      assertSnapshot(transcript, named: "import-errors-\(language)")
    }
  }
}
