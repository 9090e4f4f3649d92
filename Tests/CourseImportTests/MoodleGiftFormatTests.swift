import CourseImport
import Foundation
import PracticeJSON
import XCTest

/// Moodle's own GIFT importer tests, and Moodle's rules as its importer applies them, as data: each
/// `Conformance/moodle-giftformat/NAME.gift` must make the questions `NAME.expected` describes in
/// Moodle's field names (see NOTICE.md there for the source and licence).
final class MoodleGiftFormatTests: XCTestCase {
  func testEveryMoodleExpectationHolds() throws {
    let files = try Conformance.files("moodle-giftformat", ext: "gift")
    XCTAssertGreaterThanOrEqual(files.count, 30)
    for url in files {
      let name = url.deletingPathExtension().lastPathComponent
      let (questions, problems) = try Conformance.parse(url)
      XCTAssertEqual(problems.filter(\.isError).map(\.description), [], name)
      let expected = try String(
        contentsOf: url.deletingPathExtension().appendingPathExtension("expected"), encoding: .utf8)
      let ours = questions.map { Self.moodleFields($0).joined(separator: "\n") }.joined(separator: "\n\n")
      XCTAssertEqual(ours, expected.trimmingCharacters(in: .newlines), name)
    }
  }

  /// A question as the fields Moodle's importer sets: a text is `[format] text`, a line break `\n`;
  /// an absent feedback is empty in the question text's format, as Moodle makes it.
  static func moodleFields(_ q: GiftQuestion) -> [String] {
    let format = q.text.format
    func text(_ t: GiftQuestion.Text?) -> String {
      let t = t ?? .init("", format: format)
      let shown = t.text.replacingOccurrences(of: "\n", with: "\\n")
      return shown.isEmpty ? "[\(t.format.rawValue)]" : "[\(t.format.rawValue)] \(shown)"
    }
    func number(_ x: Double) -> String { JSONWriter.format(x) }
    var fields = [
      "name: \(q.title ?? "-")", "questiontext: \(text(q.text))", "generalfeedback: \(text(q.generalFeedback))",
    ]
    switch q.kind {
    case .description: fields.append("qtype: description")
    case .essay: fields.append("qtype: essay")
    case .multipleChoice(let single, let answers):
      fields += ["qtype: multichoice", "single: \(single ? 1 : 0)"]
      for a in answers {
        fields.append("answer: \(text(a.text)) | fraction \(number(a.weight)) | feedback \(text(a.feedback))")
      }
    case .shortAnswer(let answers):
      fields.append("qtype: shortanswer")
      for a in answers {
        fields.append("answer: \(a.text.text) | fraction \(number(a.weight)) | feedback \(text(a.feedback))")
      }
    case .numerical(let answers):
      fields.append("qtype: numerical")
      for a in answers {
        let value = a.value.map(number) ?? "*"
        let tolerance = a.value == nil ? "-" : number(a.tolerance)
        fields.append(
          "answer: \(value) | tolerance \(tolerance) | fraction \(number(a.weight)) | feedback \(text(a.feedback))")
      }
    case .trueFalse(let answer, let wrong, let right):
      fields += [
        "qtype: truefalse", "correctanswer: \(answer ? 1 : 0)",
        "feedbacktrue: \(text(answer ? right : wrong))", "feedbackfalse: \(text(answer ? wrong : right))",
      ]
    case .matching(let pairs):
      fields.append("qtype: match")
      for p in pairs {
        let item = text(p.item.text.isEmpty ? .init("", format: p.item.format) : p.item)
        fields.append("subquestion: \(item) -> \(p.answer)")
      }
    case .cloze(_, let blanks):
      fields.append("qtype: cloze \(blanks.count)")
    case .calculated(let parts):
      fields.append("qtype: \(parts.kind.rawValue)")
    case .ordering(let items, let scoring):
      fields.append("qtype: ordering \(scoring)")
      for item in items { fields.append("item: \(text(item))") }
    }
    if let id = q.id { fields.append("idnumber: \(id)") }
    if !q.tags.isEmpty { fields.append("tags: \(q.tags.joined(separator: ", "))") }
    return fields
  }
}
