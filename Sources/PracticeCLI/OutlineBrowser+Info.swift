import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTime
import QuizEngine
import TextLayout

extension OutlineBrowser {
  func info(_ argument: String) throws(CommandFailure) {
    showInfo(try resolve(argument))
  }

  func showInfo(_ node: Int) {
    let n = course.nodes[node]
    try? recorder?.nodeOpened(key: course.key(of: node), at: clock.now())
    output.line("\(course.address(of: node))  \(n.title)")
    var fields: [(String, String)] = []
    if let id = n.id { fields.append((messages.tr("id"), "#\(id)")) }
    let trail = (course.ancestors(of: node).reversed() + [node]).map { course.nodes[$0].title }
    if trail.count > 1 { fields.append((messages.tr("path"), trail.joined(separator: " › "))) }
    fields.append((messages.tr("level"), "\(n.depth + 1)"))
    let children = Array(course.children(of: node)).count
    if children > 0 { fields.append((messages.tr("children"), "\(children)")) }
    let questions = course.questions(inSubtreeOf: node)
    if !questions.isEmpty {
      var counts: [String: Int] = [:]
      for q in questions { counts[q.kind.type.label, default: 0] += 1 }
      let byType = counts.sorted { $0.key < $1.key }.map {
        messages.tr("{count} {type}", ["count": $0.value, "type": messages.tr($0.key)])
      }
      let byTypeList = messages.list(byType)
      let values: KeyValuePairs<String, Any> = [
        "total": questions.count, "here": n.questions.count, "types": byTypeList,
      ]
      fields.append(
        (
          messages.tr("questions"),
          n.questions.count == questions.count
            ? messages.tr("{total}: {types}", values) : messages.tr("{total} ({here} here): {types}", values)
        ))
    }
    if let description = n.details?.description { fields.append((messages.tr("description"), description)) }
    // The instructions a bank's descriptions gave this node's questions, each once.
    var instructions: [MarkedText] = []
    for q in n.questions { if let given = q.instructions, !instructions.contains(given) { instructions.append(given) } }
    for given in instructions {
      let shown = MarkupRenderer.render(given, labels: .localized(messages))
      fields.append((messages.tr("instructions"), style.color ? shown.plain : shown.marked))
    }
    for member in n.details?.fields ?? [] where !["id", "chapterName", "description"].contains(member.key) {
      fields.append((member.key, Self.describe(member)))
    }
    fields += context.status?.infoFields(of: node, in: course) ?? []
    fields += calculatedMistakeFields(of: node)
    let width = fields.map { DisplayWidth.of($0.0) }.max() ?? 0
    let column = String(repeating: " ", count: width + 5)
    for (key, value) in fields {
      // A value over several lines (an imported bank's descriptions), or wrapped on a terminal,
      // stays in its column.
      wrapped(value, first: "  \(DisplayWidth.padded(key + ":", to: width + 1))  ", rest: column)
    }
  }

  /// A field's value for people: epoch-millisecond dates as UTC dates, JSON otherwise.
  static func describe(_ member: JSONMember) -> String {
    let key = member.key.lowercased()
    if key.hasSuffix("date") || key.hasSuffix("timestamp") || key.hasSuffix("time"), let ms = member.value.int {
      let date = Date(timeIntervalSince1970: Double(ms) / 1000)
      return "\(UTCTime.iso8601(date)) (\(ms))"
    }
    switch member.value.kind {
    case .string(let s): return s.isEmpty ? "\"\"" : s
    default: return JSONWriter.compact(member.value)
    }
  }
}
