import CourseImport
import Foundation
import PracticeJSON
import XCTest

/// The vendored conformance material (MIT, see the LICENSE files beside it).
enum Conformance {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Conformance")

  static func files(_ subfolder: String, ext: String) throws -> [URL] {
    let dir = folder.appendingPathComponent(subfolder)
    return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix("." + ext) }.sorted()
      .map { dir.appendingPathComponent($0) }
  }

  static func parse(_ url: URL) throws -> (questions: [GiftQuestion], problems: [ImportProblem]) {
    GiftParser.parse(bytes: Array(try Data(contentsOf: url)), file: url.lastPathComponent)
  }

  /// Whitespace collapsed, and none around a blank: the PEG parser writes `_____ .` where Moodle writes `_____.`.
  static func normalized(_ text: String) -> String {
    var out = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    out = out.replacingOccurrences(of: " _____", with: "_____").replacingOccurrences(of: "_____ ", with: "_____")
    return out
  }

  /// Our parse as the PEG parser's vocabulary, one line per fact, to compare with its expectation.
  static func facts(_ q: GiftQuestion) -> [String] {
    var facts: [String] = []
    func text(_ t: GiftQuestion.Text?) -> String {
      guard let t, !t.text.isEmpty else { return "-" }
      return "[\(t.format.rawValue)] \(normalized(t.text))"
    }
    func weight(_ w: Double) -> String { JSONWriter.format(w * 100) }
    facts.append("title: \(q.title ?? "-")")
    facts.append("stem: \(text(q.text))")
    facts.append("general feedback: \(text(q.generalFeedback))")
    facts.append("id: \(q.id ?? "-") tags: \(q.tags.joined(separator: ","))")
    switch q.kind {
    case .description: facts.append("type: Description")
    case .essay: facts.append("type: Essay")
    case .multipleChoice(_, let answers):
      facts.append("type: MC")
      for a in answers {
        facts.append("choice: \(text(a.text)) weight \(weight(a.weight)) feedback \(text(a.feedback))")
      }
    case .shortAnswer(let answers):
      facts.append("type: Short")
      for a in answers {
        facts.append("choice: \(text(a.text)) weight \(weight(a.weight)) feedback \(text(a.feedback))")
      }
    case .trueFalse(let answer, let wrong, let right):
      facts.append("type: TF \(answer)")
      facts.append("true feedback: \(text(answer ? right : wrong))")
      facts.append("false feedback: \(text(answer ? wrong : right))")
    case .numerical(let answers):
      facts.append("type: Numerical")
      for a in answers {
        let value = a.value.map { "\(JSONWriter.format($0)) ± \(JSONWriter.format(a.tolerance))" } ?? "*"
        facts.append("number: \(value) weight \(weight(a.weight)) feedback \(text(a.feedback))")
      }
    case .matching(let pairs):
      facts.append("type: Matching")
      for p in pairs { facts.append("pair: \(text(p.item)) -> \(normalized(p.answer))") }
    case .cloze(_, let blanks):
      facts.append("type: Cloze \(blanks.count)")
    case .calculated(let parts):
      facts.append("type: Calculated \(parts.answers.map(\.text))")
    case .ordering(let items, let scoring):
      facts.append("type: Ordering \(scoring)")
      for item in items { facts.append("item: \(text(item))") }
    }
    return facts
  }

  /// The PEG parser's expectation in the same vocabulary; categories are left out (they are not questions).
  static func expectedFacts(_ item: JSONValue) -> [String]? {
    guard let type = item["type"]?.string, type != "Category" else { return nil }
    var facts: [String] = []
    func text(_ v: JSONValue?) -> String {
      guard let v, let t = v["text"]?.string, !normalized(t).isEmpty else { return "-" }
      return "[\(v["format"]?.string ?? "moodle")] \(normalized(t))"
    }
    facts.append("title: \(item["title"]?.string ?? "-")")
    facts.append("stem: \(text(item["stem"]))")
    facts.append("general feedback: \(text(item["globalFeedback"]))")
    let tags = item["tags"]?.array?.compactMap(\.string) ?? []
    facts.append("id: \(item["id"]?.string ?? "-") tags: \(tags.joined(separator: ","))")
    func weight(_ choice: JSONValue) -> String {
      if let w = choice["weight"]?.double { return JSONWriter.format(w) }
      return choice["isCorrect"]?.bool == true ? "100" : "0"
    }
    func number(_ v: JSONValue) -> String {
      switch v["type"]?.string {
      case "simple": return "\(JSONWriter.format(v["number"]!.double!)) ± 0"
      case "range": return "\(JSONWriter.format(v["number"]!.double!)) ± \(JSONWriter.format(v["range"]!.double!))"
      case "high-low":
        let low = v["numberLow"]!.double!
        let high = v["numberHigh"]!.double!
        // To 12 digits, as the parser keeps a range: 3.141..3.142 is 3.1415 ± 0.0005.
        func twelve(_ x: Double) -> String { JSONWriter.format(Double(String(format: "%.12g", x))!) }
        return "\(twelve((low + high) / 2)) ± \(twelve((high - low) / 2))"
      default: return v["text"]?.string ?? "?"
      }
    }
    switch type {
    case "Description", "Essay": facts.append("type: \(type)")
    case "MC", "Short":
      facts.append("type: \(type)")
      for c in item["choices"]?.array ?? [] {
        facts.append("choice: \(text(c["text"])) weight \(weight(c)) feedback \(text(c["feedback"]))")
      }
    case "TF":
      facts.append("type: TF \(item["isTrue"]?.bool ?? false)")
      facts.append("true feedback: \(text(item["trueFeedback"]))")
      facts.append("false feedback: \(text(item["falseFeedback"]))")
    case "Numerical":
      facts.append("type: Numerical")
      if let choices = item["choices"]?.array {
        for c in choices {
          facts.append("number: \(number(c["text"]!)) weight \(weight(c)) feedback \(text(c["feedback"]))")
        }
      } else if let single = item["choices"] {
        facts.append("number: \(number(single)) weight 100 feedback -")
      }
    case "Matching":
      facts.append("type: Matching")
      for p in item["matchPairs"]?.array ?? [] {
        facts.append("pair: \(text(p["subquestion"])) -> \(normalized(p["subanswer"]?.string ?? ""))")
      }
    default: facts.append("type: \(type)")
    }
    return facts
  }
}
