import Calculation
import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import TextLayout
import XCTest

/// Exporting a course and importing the export gives back an equal course: the same outline
/// (titles), descriptions and questions (ids, prompts, explanations, hints, kinds).
final class RoundTripTests: XCTestCase {
  /// The course as comparable text: one line per node and per question.
  ///
  /// A calculated question is its texts, tolerance, answer format and unit (a Moodle XML export writes its
  /// variables as Moodle's datasets with stored sets, compared in ``assertSameCalculated(_:_:)``), or is
  /// left out (`withoutCalculated`: GIFT cannot hold one, and the export leaves it out with a warning).
  func summary(_ course: Course, withoutCalculated: Bool = false) -> [String] {
    var lines: [String] = []
    for index in course.nodes.indices {
      let node = course.nodes[index]
      // Nodes with nothing of their own and nothing below do not survive an export; none are in Data/.
      lines.append("node \(course.address(of: index)) \(node.title) | \(node.details?.description ?? "-")")
      // A calculated question's texts as Moodle XML writes them: `{=m/V}` is `{={m}/{V}}` there.
      for q in node.questions.map(\.withMoodleFormulas) {
        if withoutCalculated, q.kind.type == .calculated { continue }
        lines.append("  \(q.id) \(q.prompt) | \(q.explanation) | \(q.hint ?? "-") | \(portable(q.kind))")
        // The prompt's markup and the instructions a description gave it come back too.
        lines.append("    \(q.format) | \(q.instructions.map { "\($0.markup): \($0.text)" } ?? "-")")
      }
    }
    return lines
  }

  /// `kind` without what GIFT and Moodle XML have no field for: a numeric question's precision and K offset.
  func portable(_ kind: Question.Kind) -> String {
    if case .calculated(let calculated) = kind {
      let answer = calculated.definition.answer
      return "calculated \(answer.tolerance) \(answer.format) \(calculated.definition.unit ?? "-")"
    }
    guard case .numeric(var numeric) = kind else { return "\(kind)" }
    numeric.rules.decimals = nil
    numeric.rules.significantFigures = nil
    numeric.rules.kelvinOffset = nil
    return "\(Question.Kind.numeric(numeric))"
  }

  /// Each calculated question of `exported` (read back from a Moodle XML export of `original`) shows
  /// values the original could draw, in stored sets, and its answer formula gives the original's answer
  /// for every one of them.
  func assertSameCalculated(_ exported: Course, _ original: Course, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let before = Dictionary(uniqueKeysWithValues: original.allQuestions.map { ($0.id, $0) })
    var checked = 0
    for question in exported.allQuestions {
      guard case .calculated(let after) = question.kind, case .calculated(let source)? = before[question.id]?.kind
      else { continue }
      XCTAssertFalse(after.definition.storedSets.isEmpty, question.id, file: file, line: line)
      for set in after.definition.storedSets {
        for variable in source.definition.variables {
          let value = try XCTUnwrap(set[variable.name], question.id).value
          switch variable.source {
          case .range(let range):
            XCTAssertTrue(
              (min(range.minimum, range.maximum)...max(range.minimum, range.maximum)).contains(value),
              "\(question.id) \(variable.name) = \(value)", file: file, line: line)
          case .list(let values):
            XCTAssertTrue(
              values.map(\.value).contains(value), "\(question.id) \(variable.name) = \(value)", file: file, line: line)
          }
        }
        let numbers = set.mapValues(\.value)
        XCTAssertEqual(
          try after.definition.answer.formula.evaluate(numbers), try source.definition.answer.formula.evaluate(numbers),
          question.id, file: file, line: line)
      }
      checked += 1
    }
    XCTAssertEqual(checked, original.allQuestions.filter { $0.kind.type == .calculated }.count, file: file, line: line)
  }

  func reimport(_ text: String, as name: String) throws -> Course {
    let folder = TemporaryFolder(prefix: "roundtrip")
    let file = folder.url.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let result = try CourseReader().read([file.path])
    XCTAssertEqual(result.errors, [], name)
    return try XCTUnwrap(result.course, name)
  }

  func testShippedCoursesSurviveGIFTAndMoodleXML() throws {
    for path in ["Data/courses/sampler", "Data/courses/physics-grade8"] {
      let course = try CourseLoader().load(path: Repository.path(path))
      XCTAssertGreaterThan(course.allQuestions.count, 10)
      let gift = try reimport(GiftExporter.text(course), as: "export.gift")
      XCTAssertEqual(summary(gift), summary(course, withoutCalculated: true), path)
      let xml = try reimport(MoodleXMLExporter.text(course), as: "export.xml")
      XCTAssertEqual(summary(xml), summary(course), path)
      try assertSameCalculated(xml, course)
    }
  }

  func testShippedBanksSurviveBothExports() throws {
    for name in ["bank.gift", "bank-moodle.xml", "bank-aiken.txt", "bank-anki.txt", "bank.csv"] {
      let result = try CourseReader().read([Repository.path("Data/courses/" + name)])
      let course = try XCTUnwrap(result.course, name)
      XCTAssertEqual(
        summary(try reimport(GiftExporter.text(course), as: "b.gift")).dropFirst(), summary(course).dropFirst(), name)
      XCTAssertEqual(
        summary(try reimport(MoodleXMLExporter.text(course), as: "b.xml")).dropFirst(), summary(course).dropFirst(),
        name)
    }
  }

  func testConformanceBanksSurviveGIFT() throws {
    for sub in ["peg-conformance", "mtommasi-examples"] {
      for url in try Conformance.files(sub, ext: "gift") {
        let first = try CourseReader().read([url.path])
        guard let course = first.course else { continue }
        let back = try reimport(GiftExporter.text(course), as: url.lastPathComponent)
        XCTAssertEqual(summary(back).dropFirst(), summary(course).dropFirst(), url.lastPathComponent)
        let xml = try reimport(MoodleXMLExporter.text(course), as: url.lastPathComponent + ".xml")
        XCTAssertEqual(summary(xml).dropFirst(), summary(course).dropFirst(), url.lastPathComponent)
      }
    }
  }

  func testNativeWriterIsReadBackEqual() throws {
    let course = try CourseLoader().load(path: Repository.path("Data/courses/sampler"))
    let text = NativeCourseWriter.text(course)
    let (back, problems) = CourseLoader().parse(Array(text.utf8), file: "x.json")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(summary(try XCTUnwrap(back)), summary(course))
    XCTAssertEqual(back?.nodes.map(\.id), course.nodes.map(\.id))
  }
}
