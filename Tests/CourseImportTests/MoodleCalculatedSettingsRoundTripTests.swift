import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// A teacher's calculated questions go back to Moodle as written (found by a round trip of a
/// hand-written bank: import, practise, export, import again into a diff): a `calculatedsimple`
/// stays `calculatedsimple`, `<showunits>` and the unit grading keep their values, every unit keeps
/// its multiplier (`km` at 0.001 beside `m`), and the combined feedback (`<correctfeedback>`, …)
/// and the answer's feedback are not dropped, nor the other answers' HTML.
final class MoodleCalculatedSettingsRoundTripTests: XCTestCase {
  let bank = MoodleCalculatedReaderTests.folder.appendingPathComponent("calculated-settings.xml").path

  /// The bank imported and written as `import` writes the course file, then read back from it.
  func imported() throws -> Course {
    let result = try CourseReader().read([bank])
    XCTAssertEqual(result.errors.map(\.description), [])
    let course = try XCTUnwrap(result.course)
    let (loaded, problems) = CourseLoader().parse(Array(NativeCourseWriter.text(course).utf8), file: "c.json")
    XCTAssertEqual(problems, [])
    return try XCTUnwrap(loaded)
  }

  /// What Moodle's `import_calculated` reads of a question: its fields, its settings (the combined
  /// feedback among them, in the format Moodle reads it in) and its calculated parts (type, answers,
  /// units and multipliers, unit grading, `<showunits>`, datasets and their items).
  static func moodleReading(_ q: GiftQuestion) -> [String] {
    var lines = MoodleGiftFormatTests.moodleFields(q) + MoodleRoundTripTests.settings(q)
    if case .calculated(let parts) = q.kind {
      // Where an answer was read is not what it says.
      let answers = parts.answers.map {
        MoodleCalculatedAnswer(
          text: $0.text, fraction: $0.fraction, tolerance: $0.tolerance, format: $0.format, feedback: $0.feedback,
          textFormat: $0.textFormat)
      }
      lines += [
        "type: \(parts.kind.rawValue)", "answers: \(answers)",
        "units: " + parts.units.map { "\($0.name) × \($0.multiplier)" }.joined(separator: ", "),
        "unitgradingtype: \(parts.unitGradingType)", "unitpenalty: \(parts.unitPenalty)",
        "showunits: \(parts.showUnits)", "unitsleft: \(parts.unitsLeft)", "datasets: \(parts.datasets)",
        "synchronize: \(parts.synchronize)", "single: \(parts.single)", "shuffle: \(parts.shuffleAnswers)",
        "numbering: \(parts.answerNumbering)",
      ]
    }
    return lines
  }

  /// Each question's combined feedback as Moodle's `import_combined_feedback` reads it from `xml`:
  /// its text, trimmed, in its format, else the question text's (read from the XML itself, so that
  /// what the reader leaves out is compared too).
  static func combinedFeedback(_ xml: [UInt8]) throws -> [[String]] {
    try XMLElement.parse(xml).children("question").filter { $0.attributes["type"] != "category" }.map { question in
      let questionFormat = question.child("questiontext")?.attributes["format"] ?? "html"
      return ["correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"].map { field in
        let element = question.child(field)
        let text = (element?.child("text")?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(field): \(text)" + (text.isEmpty ? "" : " [\(element?.attributes["format"] ?? questionFormat)]")
      }
    }
  }

  func testTheBankGoesBackToMoodleAsWritten() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: bank)))
    let (source, problems) = MoodleXMLReader.parse(bytes: bytes, file: "b")
    XCTAssertEqual(problems.map(\.description), [])
    XCTAssertEqual(source.count, 3)
    let xml = MoodleXMLExporter.text(try imported())
    let (back, backProblems) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "export.xml")
    XCTAssertEqual(backProblems.map(\.description), [])
    XCTAssertEqual(back.count, source.count)
    let (feedbackBefore, feedbackAfter) = (try Self.combinedFeedback(bytes), try Self.combinedFeedback(Array(xml.utf8)))
    for (index, (before, after)) in zip(source, back).enumerated() {
      let wanted = Self.moodleReading(before) + feedbackBefore[index]
      let got = Self.moodleReading(after) + feedbackAfter[index]
      XCTAssertEqual(got.count, wanted.count, before.id ?? "")
      for (w, g) in zip(wanted, got) where w != g { XCTFail("\(before.id ?? ""):\n  bank   \(w)\n  export \(g)") }
    }
    // Each element once: the settings kept are not written again by the calculated body.
    for element in ["showunits", "unitgradingtype", "unitpenalty", "unitsleft", "units", "correctfeedback"] {
      XCTAssertEqual(
        xml.components(separatedBy: "<\(element)>").count - 1, element == "correctfeedback" ? 0 : 2, element)
    }
    XCTAssertEqual(xml.components(separatedBy: "<correctfeedback format=").count - 1, 3, xml)
    XCTAssertEqual(xml.components(separatedBy: "<question type=\"calculatedsimple\">").count - 1, 1, xml)
    XCTAssertTrue(xml.contains("<multiplier>0.001</multiplier>\n        <unit_name>km</unit_name>"), xml)
    // A calculatedsimple's datasets are written as Moodle's export writes them.
    XCTAssertTrue(xml.contains("<type>calculatedsimple</type>"), xml)
  }

  /// What the course keeps for that: only what Moodle would read otherwise from an export that kept
  /// nothing; a question of Moodle's defaults keeps none.
  func testOnlyWhatDiffersIsKept() throws {
    let questions = Dictionary(uniqueKeysWithValues: try imported().allQuestions.map { ($0.id, $0.asWritten.settings) })
    XCTAssertEqual(
      questions["laps"],
      [
        "type": "calculatedsimple", "showunits": "3",
        "correctfeedback": "<p>Well done: <b>laps × length</b>.</p>", "partiallycorrectfeedback": "<p>Nearly.</p>",
        "incorrectfeedback": "<p>Multiply the laps by the length of one.</p>",
      ])
    XCTAssertEqual(
      questions["speed"],
      [
        "units": "1 m\n0.001 km", "showunits": "1", "unitgradingtype": "1", "unitpenalty": "0.2000000",
        "correctfeedback": "<p>Right.</p>", "correctfeedback.format": "html",
        "incorrectfeedback": "An hour is 3600 s.", "incorrectfeedback.format": "plain_text",
      ])
    // Moodle's own export of a bank with one unit and Moodle's defaults: nothing kept.
    let plain = try CourseReader().read([
      MoodleCalculatedReaderTests.folder.appendingPathComponent("calculatedsimple.xml").path
    ])
    for question in try XCTUnwrap(plain.course).allQuestions {
      XCTAssertEqual(question.asWritten.settings, ["type": "calculatedsimple"], question.id)
    }
  }

  /// A teacher who changes the unit in the course gets the new unit, not the bank's units.
  func testAChangedUnitIsWrittenAsItNowIs() throws {
    var course = try imported()
    let node = try XCTUnwrap(course.nodes.firstIndex { $0.questions.contains { $0.id == "speed" } })
    let index = try XCTUnwrap(course.nodes[node].questions.firstIndex { $0.id == "speed" })
    guard case .calculated(var calculated) = course.nodes[node].questions[index].kind else {
      return XCTFail("speed is not calculated")
    }
    calculated.definition.unit = "km"
    course.nodes[node].questions[index].kind = .calculated(calculated)
    let xml = MoodleXMLExporter.text(course)
    let question = xml.components(separatedBy: "<idnumber>speed</idnumber>")[1].components(separatedBy: "</question>")[
      0]
    XCTAssertTrue(question.contains("<multiplier>1</multiplier>\n        <unit_name>km</unit_name>"), question)
    XCTAssertFalse(question.contains("<unit_name>m</unit_name>"), question)
  }
}
