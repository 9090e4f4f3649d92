import Foundation
import XCTest

/// `practice import`, `export`, `validate` and `--course` on question banks, through the built binary.
final class ImportCommandTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], stdin: String = "") throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      arguments, stdin: stdin, environment: PracticeBinary.environment(dataDirectory: folder.path),
      currentDirectory: folder.url)
  }

  let bank = """
    // [id:cap]
    ::Capital:: What is the capital of France?{=Paris ~Lyon ~Nice}

    $CATEGORY: $course$/top/Maths/Numbers

    ::Pi:: Pi to two places?{#3.14:0.005}

    Essay time: why?{}

    Pair them.{=2 -> two =3 -> three = -> four}
    """

  func testImportWritesACourseAndPrintsCountsAndWarnings() throws {
    let input = try folder.write("unit1.gift", bank + "\n\nLowercase.{t}\n")
    let result = try run(["import", input, "--title", "Unit 1", "--id", "unit-1"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout,
      """
      Imported 5 questions into \(folder.path)/unit1.json (nodes: 3):
        single choice: 1
        true or false: 1
        numeric: 1
        matching: 1
        essay (not graded): 1
      1 warning (on stderr).

      """)
    XCTAssertTrue(result.stderr.hasPrefix("\(input):12:11: warning: {t} read as TRUE"), result.stderr)
    let validated = try run(["validate", folder.path + "/unit1.json"])
    XCTAssertEqual(validated.stdout, "\(folder.path)/unit1.json: ok (nodes: 3, questions: 5)\n")
    let json = try String(contentsOfFile: folder.path + "/unit1.json", encoding: .utf8)
    XCTAssertTrue(json.contains("\"id\": \"unit-1\""), json)
    XCTAssertTrue(json.contains("\"title\": \"Unit 1\""), json)
    XCTAssertTrue(json.contains("\"id\": \"cap\""), json)
    // An essay is a question of its own, asked and graded by no one.
    XCTAssertTrue(json.contains("\"type\": \"essay\""), json)
    XCTAssertTrue(json.contains("\"prompt\": \"Essay time: why?\""), json)
  }

  func testImportWithErrorsWritesNothingAndListsEveryError() throws {
    let input = try folder.write("bad.gift", "Q1 {=a ~b\n\nQ2 {~x {~y}\n\nGood {T}\n")
    let result = try run(["import", input, "--output", folder.path + "/out.json"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      """
      \(input):1:4: the answer block opened here has no closing '}' (a blank line ends a question; write \\n for a line break inside one)
      \(input):3:8: unescaped '{' inside the answer block opened at 3:4 (write \\{ for a literal brace)
      practice: import: 2 errors; nothing written
      practice: import: give --skip-broken to import the good questions without the broken ones (Moodle's "Stop on error: No")

      """)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/out.json"))
    // Moodle's "Stop on error: No": the good question, one warning for each broken one.
    let skipped = try run(["import", input, "--output", folder.path + "/out.json", "--skip-broken"])
    XCTAssertEqual(skipped.status, 0)
    XCTAssertEqual(
      skipped.stderr,
      """
      \(input):1:4: warning: question left out: the answer block opened here has no closing '}' (a blank line ends a question; write \\n for a line break inside one)
      \(input):3:8: warning: question left out: unescaped '{' inside the answer block opened at 3:4 (write \\{ for a literal brace)

      """)
    XCTAssertTrue(skipped.stdout.hasPrefix("Imported 1 question into"), skipped.stdout)
    // --course opens the good questions too.
    let opened = try run(["--course", input, "--data-dir", folder.path + "/data", "-c", "ls"])
    XCTAssertEqual(opened.status, 0)
    XCTAssertEqual(opened.stderr.split(separator: "\n").count, 2, opened.stderr)
  }

  /// A file without questions is an error for import, validate and --course, saying what it looks like.
  func testAFileWithoutQuestionsIsAnErrorThatSaysWhatItLooksLike() throws {
    let plus = try folder.write("Preguntas.txt", "Title\n+++\nSome text\n+++\n")
    let readme = try folder.write("README.md", "# Read me\n\nUse `{x}` :: here\n")
    let notes = try folder.write("notes.gift", "Just a description.\n\nAnother one.\n")
    let reads =
      "practice reads GIFT (.gift), Moodle XML (.xml), Aiken and Anki text (.txt), CSV/TSV and practice courses (.json)"
    for (path, looks) in [
      (plus, "plain text with '+++' marks"), (readme, "Markdown"), (notes, "plain text without questions"),
    ] {
      let message = "\(path):1:1: no questions found: this looks like \(looks); \(reads)"
      for arguments in [["import", path], ["validate", path], ["--course", path, "-c", "ls"]] {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 1, "\(arguments)")
        // validate lists problems on stdout, the others on stderr.
        XCTAssertTrue((result.stdout + result.stderr).contains(message), "\(arguments): \(result.stderr)")
      }
    }
  }

  /// A Moodle bank whose every question is of a type practice cannot ask is a bank, not "XML that is not a
  /// Moodle quiz": the error points to the warnings that say what was left out.
  func testABankWhoseEveryQuestionWasLeftOutSaysSo() throws {
    let bank = try folder.write(
      "drag.xml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <quiz>
        <question type="ddwtos"><name><text>拖放</text></name>
          <questiontext format="html"><text>水在 [[1]] ℃ 结冰</text></questiontext></question>
        <question type="randomsamatch"><name><text>随机</text></name>
          <questiontext format="html"><text>配对</text></questiontext></question>
      </quiz>
      """)
    for arguments in [["import", bank], ["validate", bank]] {
      let result = try run(arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      let output = result.stdout + result.stderr
      XCTAssertTrue(output.contains("question type 'ddwtos' skipped"), output)
      XCTAssertTrue(
        output.contains(
          "\(bank):1:1: no question practice can ask: the 2 warnings above say what was left out and why"), output)
      XCTAssertFalse(output.contains("not a Moodle quiz"), output)
    }
  }

  func testImportNeverReplacesAFileThatIsNotACourse() throws {
    let input = try folder.write("b.gift", "Q {T}\n")
    let notes = try folder.write("notes.json", "my notes, not a course")
    let result = try run(["import", input, "--output", notes])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "my notes, not a course")
    // A course is replaced: importing again after an edit.
    XCTAssertEqual(try run(["import", input]).status, 0)
    XCTAssertEqual(try run(["import", input]).status, 0)
  }

  func testBanksNamedInChineseAreCoursesOfTheirOwn() throws {
    // `密度.gift` and `温度.gift` were both imported as the course `--`: practising one showed in
    // the other as its sessions and best score (found importing a teacher's banks).
    func courseID(_ name: String) throws -> String? {
      let data = try Data(contentsOf: folder.url.appendingPathComponent(name))
      return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["id"] as? String
    }
    let density = try folder.write("密度.gift", "水的密度是多少 g/cm³？{#1.0}\n")
    let temperature = try folder.write("温度.gift", "冰的熔点是多少 ℃？{#0}\n")
    XCTAssertEqual(try run(["import", density]).status, 0)
    XCTAssertEqual(try run(["import", temperature]).status, 0)
    let densityID = try XCTUnwrap(courseID("密度.json"))
    XCTAssertTrue(densityID.hasPrefix("course-") && densityID.count == 15, densityID)
    XCTAssertNotEqual(densityID, try courseID("温度.json"))
    XCTAssertEqual(try run(["import", density]).status, 0)
    XCTAssertEqual(try courseID("密度.json"), densityID, "the same name, the same id")
    let practised = try run(["--course", "密度.json", "-c", "start 1; 1.0; quit"])
    XCTAssertTrue(practised.stdout.contains("100%"), practised.stdout)
    let other = try run(["--course", "温度.json", "-c", "ls"])
    XCTAssertFalse(other.stdout.contains("100%"), other.stdout)
    // A course imported before keeps its id when imported again, and its learners' progress with it.
    let path = folder.path + "/温度.json"
    let old = try String(contentsOfFile: path, encoding: .utf8)
    let oldID = try XCTUnwrap(courseID("温度.json"))
    try old.replacingOccurrences(of: "\"id\": \"\(oldID)\"", with: "\"id\": \"--\"").write(
      toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(try run(["import", temperature]).status, 0)
    XCTAssertEqual(try courseID("温度.json"), "--")
    XCTAssertEqual(try run(["import", temperature, "--id", "wendu"]).status, 0)
    XCTAssertEqual(try courseID("温度.json"), "wendu")
  }

  func testSeveralFilesBecomeOneNodeEach() throws {
    let a = try folder.write("a.gift", "$CATEGORY: Verbs\n\nQ {T}\n")
    let b = try folder.write("b.gift", "Q {F}\n")
    let result = try run(["import", a, b, "--output", "both.json"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let outline = try run(["--course", "both.json", "-c", "expand all; ls"])
    XCTAssertTrue(outline.stdout.contains("1.1  Verbs"), outline.stdout)
    XCTAssertTrue(outline.stdout.contains("  2      b"), outline.stdout)
  }

  func testEveryShippedBankTogetherMakesOneCourseThatLoads() throws {
    let banks = ["bank.gift", "bank-moodle.xml", "bank-aiken.txt", "bank-anki.txt", "bank.csv"].map {
      Repository.path("Data/courses/" + $0)
    }
    let result = try run(["import"] + banks + ["--output", "all.json", "--title", "All", "--id", "all"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("Imported 29 questions into all.json (nodes: 15):"), result.stdout)
    let validated = try run(["validate", "all.json"])
    XCTAssertEqual(validated.stdout, "all.json: ok (nodes: 15, questions: 29)\n")
    // Both `bank.*` files keep a node of their own.
    let outline = try run(["--course", "all.json", "-c", "ls"])
    XCTAssertTrue(outline.stdout.contains("bank-moodle"), outline.stdout)
  }

  func testACourseLoadsABankDirectlyAndValidateCountsEssays() throws {
    let input = try folder.write("unit1.gift", bank)
    let validated = try run(["validate", input])
    XCTAssertEqual(validated.status, 0)
    XCTAssertEqual(
      validated.stdout,
      """
      \(input): ok (nodes: 3, questions: 4)
        single choice: 1, numeric: 1, matching: 1, essay (not graded): 1

      """)
    let session = try run(
      ["--course", input, "--seed", "1", "--data-dir", folder.path + "/p"], stdin: "start 2.1\n3.14\n1a 2b\nquit\n")
    XCTAssertEqual(session.status, 0, session.stderr)
    XCTAssertTrue(session.stdout.contains("Practice: 2.1 Numbers, 3 questions"), session.stdout)
  }

  func testExportGIFTRoundTripsThroughImport() throws {
    let exported = try run(["export", "--format", "gift", Repository.path("Data/courses/sampler")])
    XCTAssertEqual(exported.status, 0, exported.stderr)
    XCTAssertTrue(exported.stdout.contains("$CATEGORY: $course$/top/Geography/Capitals"), exported.stdout)
    let file = try folder.write("sampler.gift", exported.stdout)
    let validated = try run(["validate", file])
    XCTAssertTrue(validated.stdout.contains(": ok (nodes: 12, questions: 21)"), validated.stdout)
    XCTAssertEqual(try run(["export", "sampler.gift"]).status, 2)
    XCTAssertEqual(try run(["export", "--format", "pdf", "sampler.gift"]).status, 2)
  }

  /// On a bare machine (`LANG=C.UTF-8`), import and export spoke the shipped course's Chinese to a
  /// teacher converting an English bank; a bank speaks English there, an exported course its own language.
  func testImportAndExportSpeakTheirFilesLanguageInTheCLocale() throws {
    var environment = PracticeBinary.environment(dataDirectory: folder.path)
    environment["LC_MESSAGES"] = nil
    func run(_ arguments: [String]) throws -> PracticeBinary.Result {
      try PracticeBinary.run(arguments, environment: environment, currentDirectory: folder.url)
    }
    let input = try folder.write("unit1.gift", bank)
    let imported = try run(["import", input])
    XCTAssertEqual(imported.status, 0, imported.stderr)
    XCTAssertTrue(imported.stdout.hasPrefix("Imported 4 questions into"), imported.stdout)
    let exported = try run(
      ["export", "--format", "gift", folder.path + "/unit1.json", "--output", folder.path + "/unit1-out.gift"])
    XCTAssertEqual(exported.stderr, "Exported 4 questions to \(folder.path)/unit1-out.gift (gift).\n")
    let physics = try run(
      ["export", "--format", "gift", Repository.path("Data/courses/physics-grade8"), "--output", "p.gift"])
    // Its 13 calculated questions are left out, with one warning naming them in the course's language (GIFT cannot
    // hold them).
    let lines = physics.stderr.split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.hasPrefix("注意：13 道计算题 GIFT 格式写不了，已略去：ch1.1-c01，") }.count, 1, physics.stderr)
    XCTAssertEqual(lines.count, 2, physics.stderr)
    XCTAssertTrue(lines.last?.hasPrefix("已导出 131 道题到 p.gift") == true, physics.stderr)
  }

  func testNotUTF8IsOneLocatedError() throws {
    let file = folder.url.appendingPathComponent("latin1.gift")
    try Data(Array("Q1 {T}\n\nCaf".utf8) + [0xE9] + Array(" {T}\n".utf8)).write(to: file)
    let result = try run(["validate", file.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stdout.hasPrefix("\(file.path):3:4: not UTF-8 (looks like Windows-1252); save it as UTF-8, e.g. iconv"),
      result.stdout)
  }
}
