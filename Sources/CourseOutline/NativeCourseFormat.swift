import Localization
import PracticeJSON
import QuizEngine

/// Reads the native format (`{"format": "practice-course", …}`), which carries questions.
enum NativeCourseFormat {
  static let courseKeys: Set<String> = [
    "format", "version", "id", "title", "language", "requireQuestions", "nodes", "description",
  ]
  static let nodeKeys: Set<String> = ["id", "title", "description", "children", "questions"]

  struct Header {
    var id: String?
    var title: String?
    var language: String?
    var requiresQuestionsOnLeaves = false
  }

  static func build(_ root: JSONValue, into builder: inout CourseBuilder, problems: inout ProblemCollector) -> Header {
    var header = Header()
    for member in root.members ?? [] where !courseKeys.contains(member.key) {
      problems.add(.tr("unknown course field \"{field}\"", ["field": member.key]), at: member.keyOffset)
    }
    if let version = root["version"], version.int != 1 {
      problems.add(
        .tr(
          "unsupported course version {version}; this practice reads version 1",
          ["version": JSONWriter.compact(version)]), at: version.offset)
    }
    if let id = root["id"] {
      if let s = id.string, Course.isFolderSafeID(s) {
        header.id = s
      } else {
        problems.add(
          .tr(
            "course \"id\" must be letters, digits, '-', '_' or '.', not starting with '.', found {value}",
            ["value": JSONWriter.compact(id)]),
          at: id.offset)
      }
    }
    header.title = root["title"]?.string
    header.language = root["language"]?.string
    switch root["requireQuestions"]?.string {
    case nil, "none": break
    case "leaves": header.requiresQuestionsOnLeaves = true
    case let other?:
      problems.add(
        .tr("\"requireQuestions\" must be \"leaves\" or \"none\", found \"{value}\"", ["value": other]),
        at: root.offset(of: "requireQuestions"))
    }
    guard let nodes = root["nodes"]?.array else {
      problems.add(.tr("course needs \"nodes\", an array of nodes"), at: root.offset(of: "nodes"))
      return header
    }
    var seenNodeIDs: [String: Int] = [:]
    var seenQuestionIDs: [String: Int] = [:]
    // Iterative: nesting depth is bounded by the parser, but a stack costs nothing here.
    var stack: [(value: JSONValue, closes: Bool)] = nodes.reversed().map { ($0, false) }
    while let (value, closes) = stack.popLast() {
      if closes {
        builder.end()
        continue
      }
      guard let members = value.members else {
        problems.add(.tr("expected a node object, found {found}", ["found": value.typeName]), at: value.offset)
        continue
      }
      for member in members where !nodeKeys.contains(member.key) {
        problems.add(.tr("unknown node field \"{field}\"", ["field": member.key]), at: member.keyOffset)
      }
      let id = value["id"]?.string
      if id == "" {
        problems.add(
          .tr("node \"id\" is empty: no address (`#ID`) could name the node; give it one"), at: value["id"]!.offset)
      } else if let id {
        if let first = seenNodeIDs[id] {
          problems.add(
            .tr("duplicate node id \"{id}\" (first at {place})", ["id": id, "place": problems.position(of: first)]),
            at: value.offset(of: "id"))
        } else {
          seenNodeIDs[id] = value.offset(of: "id")
        }
      } else {
        problems.add(
          .tr("node needs an \"id\" string, found {found}", ["found": value.typeName(of: "id")]),
          at: value.offset(of: "id"))
      }
      let title = value["title"]?.string
      if title == nil {
        problems.add(
          .tr(
            "node \"{id}\" needs a \"title\" string, found {found}",
            ["id": id ?? "?", "found": value.typeName(of: "title")]),
          at: value.offset(of: "title"))
      }
      var questions: [Question] = []
      if let list = value["questions"] {
        if let items = list.array {
          for item in items {
            let (question, questionProblems) = Question.decode(item)
            for problem in questionProblems { problems.add(problem.text, at: problem.offset ?? item.offset) }
            guard let question else { continue }
            if let first = seenQuestionIDs[question.id] {
              problems.add(
                .tr(
                  "duplicate question id \"{id}\" (first at {place})",
                  ["id": question.id, "place": problems.position(of: first)]),
                at: item.offset(of: "id"))
            } else {
              seenQuestionIDs[question.id] = item.offset(of: "id")
            }
            questions.append(question)
          }
        } else {
          problems.add(.tr("\"questions\" must be an array, found {found}", ["found": list.typeName]), at: list.offset)
        }
      }
      let hasChildren = !(value["children"]?.array?.isEmpty ?? true)
      let listsQuestions = !(value["questions"]?.array?.isEmpty ?? true)
      if header.requiresQuestionsOnLeaves, !hasChildren, !listsQuestions {
        problems.add(
          .tr(
            "node \"{id}\" ({title}) has no questions; the course requires questions on every leaf",
            ["id": id ?? "?", "title": title ?? "?"]),
          at: value.offset)
      }
      let description = value["description"]?.string
      builder.begin(
        id: id, title: title ?? "?", questions: questions,
        details: description.map { NodeDetails(fields: [], description: $0) })
      stack.append((value, true))
      if let children = value["children"] {
        if let items = children.array {
          for child in items.reversed() { stack.append((child, false)) }
        } else {
          problems.add(
            .tr("\"children\" must be an array, found {found}", ["found": children.typeName]), at: children.offset)
        }
      }
    }
    return header
  }

  static func isIDScalar(_ s: Unicode.Scalar) -> Bool {
    s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ".")
  }
}
