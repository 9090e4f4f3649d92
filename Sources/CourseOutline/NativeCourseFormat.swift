import Localization
import PracticeJSON
import QuizEngine

/// Reads the native format (`{"format": "practice-course", …}`), which carries questions.
enum NativeCourseFormat {
  static let courseKeys: Set<String> = [
    "format", "version", "id", "title", "language", "requireQuestions", "nodes", "description", "allowOverride",
    "kelvinOffset", "neutralAdditions",
  ]
  static let nodeKeys: Set<String> = ["id", "title", "description", "children", "questions", "passages"]

  struct Header {
    var id: String?
    var title: String?
    var language: String?
    var requiresQuestionsOnLeaves = false
    /// `"allowOverride": false` switches `!!` off, as an exam would.
    var allowsOverride = true
    /// How the course reads answers: from `language`, `kelvinOffset` and `neutralAdditions`.
    var conventions = AnswerConventions.standard
    /// The nodes' ids, indexed while their repeats were looked for (the course's one pass over them).
    var idIndex: NodeIDIndex?
  }

  /// The course's ``AnswerConventions``; a `kelvinOffset` that is not a number of 0 or more, or
  /// `neutralAdditions` that are not strings, are reported.
  static func conventions(_ root: JSONValue, language: String?, problems: inout ProblemCollector)
    -> AnswerConventions
  {
    var conventions = AnswerConventions.forLanguage(language)
    if let value = root["kelvinOffset"] {
      if let offset = value.double, offset >= 0 {
        conventions.kelvinOffset = offset
      } else {
        problems.add(value.problem(.tr("\"kelvinOffset\" must be a number such as 273 or 273.15")))
      }
    }
    if let value = root["neutralAdditions"] {
      if let words = value.array?.compactMap(\.string), words.count == value.array?.count {
        conventions.neutralAdditions = words.filter { !$0.allSatisfy(\.isWhitespace) }
      } else {
        problems.add(value.problem(.tr("\"neutralAdditions\" must be an array of words")))
      }
    }
    return conventions
  }

  /// The course's fields other than its nodes, read from `root` (whose `"nodes"` is not looked at).
  static func header(_ root: JSONValue, problems: inout ProblemCollector) -> Header {
    var header = Header()
    for member in root.members ?? [] where !courseKeys.contains(member.key) {
      problems.add(JSONProblem(.tr("unknown course field \"{field}\"", ["field": member.key]), at: member.keyOffset))
    }
    if let version = root["version"], version.int != 1 {
      problems.add(
        version.problem(
          .tr(
            "unsupported course version {version}; this practice reads version 1",
            ["version": JSONWriter.compact(version)])))
    }
    if let id = root["id"] {
      if let s = id.string, Course.isFolderSafeID(s) {
        header.id = s
      } else {
        problems.add(
          id.problem(
            .tr(
              "course \"id\" must be letters, digits, '-', '_' or '.', not starting with '.', found {value}",
              ["value": JSONWriter.compact(id)])))
      }
    }
    header.title = root["title"]?.string
    header.language = root["language"]?.string
    header.conventions = conventions(root, language: header.language, problems: &problems)
    switch root["requireQuestions"]?.string {
    case nil, "none": break
    case "leaves": header.requiresQuestionsOnLeaves = true
    case let other?:
      problems.add(
        JSONProblem(
          .tr("\"requireQuestions\" must be \"leaves\" or \"none\", found \"{value}\"", ["value": other]),
          at: root.offset(of: "requireQuestions")))
    }
    if let allow = root["allowOverride"] {
      if let value = allow.bool {
        header.allowsOverride = value
      } else {
        problems.add(
          allow.problem(
            .tr("\"allowOverride\" must be true or false, found {value}", ["value": JSONWriter.compact(allow)])))
      }
    }
    return header
  }

  static func build(_ root: JSONValue, into builder: inout CourseBuilder, problems: inout ProblemCollector) -> Header {
    var header = header(root, problems: &problems)
    guard let nodes = root["nodes"]?.array else {
      problems.add(root.problem(with: "nodes") { _ in .tr("course needs \"nodes\", an array of nodes") })
      return header
    }
    // Ids with their offsets, checked for repeats once the count is known: a dictionary grown a
    // node at a time rehashes every id at each doubling (a fifth of a large course's load).
    var nodeIDs: [NodeIDEntry] = []
    var questionIDs: [(id: String, offset: Int)] = []
    // Iterative: nesting depth is bounded by the parser, but a stack costs nothing here.
    var stack: [(value: JSONValue, closes: Bool)] = nodes.reversed().map { ($0, false) }
    while let (value, closes) = stack.popLast() {
      if closes {
        builder.end()
        continue
      }
      guard let members = value.members else {
        problems.add(value.problem(.tr("expected a node object, found {found}", ["found": value.typeName])))
        continue
      }
      for member in members where !nodeKeys.contains(member.key) {
        problems.add(JSONProblem(.tr("unknown node field \"{field}\"", ["field": member.key]), at: member.keyOffset))
      }
      let id = value["id"]?.string
      if id == "" {
        problems.add(
          value["id"]!.problem(.tr("node \"id\" is empty: no address (`#ID`) could name the node; give it one")))
      }
      if let id {
        nodeIDs.append(NodeIDEntry(id: id, offset: value.offset(of: "id"), node: builder.nodes.count))
      } else {
        problems.add(value.problem(with: "id") { .tr("node needs an \"id\" string, found {found}", ["found": $0]) })
      }
      let title = problems.reading { () throws(JSONProblem) in
        try value.string("title") {
          .tr("node \"{id}\" needs a \"title\" string, found {found}", ["id": id ?? "?", "found": $0])
        }
      }
      var questions: [Question] = []
      let passages = Self.passages(value, problems: &problems)
      if let list = value["questions"] {
        if let items = list.array {
          for item in items {
            let (question, questionProblems) = Question.decode(item)
            for problem in questionProblems {
              problems.add(problem.offset == nil ? item.problem(problem.text) : problem)
            }
            // A question with other problems still claims its id, so that `validate` also reports a
            // second question with the same id instead of hiding it until the first is mended.
            if let questionID = question?.id ?? item["id"]?.string, !questionID.isEmpty {
              questionIDs.append((questionID, item.offset(of: "id")))
            }
            guard var question else { continue }
            question.conventions = header.conventions
            if let passage = question.passage {
              // The node's one copy of the text, shared by every question naming it.
              guard let text = passages[passage.id] else {
                problems.add(
                  JSONProblem(
                    .tr(
                      "question \"{id}\" names the passage \"{passage}\", which its node's \"passages\" does not have",
                      ["id": question.id, "passage": passage.id]), at: item.offset(of: "passage")))
                continue
              }
              question.passage?.text = text
            }
            questions.append(question)
          }
        } else {
          problems.add(list.problem(.tr("\"questions\" must be an array, found {found}", ["found": list.typeName])))
        }
      }
      let hasChildren = !(value["children"]?.array?.isEmpty ?? true)
      let listsQuestions = !(value["questions"]?.array?.isEmpty ?? true)
      if header.requiresQuestionsOnLeaves, !hasChildren, !listsQuestions {
        problems.add(
          value.problem(
            .tr(
              "node \"{id}\" ({title}) has no questions; the course requires questions on every leaf",
              ["id": id ?? "?", "title": title ?? "?"])))
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
            children.problem(
              .tr("\"children\" must be an array, found {found}", ["found": children.typeName])))
        }
      }
    }
    header.idIndex = Self.index(nodeIDs, nodeCount: builder.nodes.count, problems: &problems)
    Self.reportRepeats(of: questionIDs, problems: &problems)
    return header
  }

  /// A node's id, where it is written and the node's index.
  struct NodeIDEntry {
    var id: String
    var offset: Int
    var node: Int
  }

  /// The nodes' id index (a repeated id finds its last node, as `NodeIDIndex(ids:)` does), each
  /// repeat reported at once with where the first is: one hash of each id for both.
  static func index(_ ids: [NodeIDEntry], nodeCount: Int, problems: inout ProblemCollector) -> NodeIDIndex {
    if let index = uniqueIndex(ids) { return index }
    var numbers: [NodeIDIndex.Number] = []
    var strings = IDTable(minimumCapacity: ids.count)
    var offsetOfNode = [Int](repeating: 0, count: nodeCount)
    var firstNumbers: [Int64: Int] = [:]
    var firstOffsetOfRepeated: [String: Int] = [:]
    for entry in ids {
      offsetOfNode[entry.node] = entry.offset
      if let number = NodeIDIndex.number(entry.id) {
        numbers.append(NodeIDIndex.Number(id: number, node: Int32(entry.node)))
        if let first = firstNumbers[number] {
          problems.add(repeatedNodeID(entry, firstAt: first, problems: &problems))
        } else {
          firstNumbers[number] = entry.offset
        }
      } else if let earlier = strings.updateValue(entry.node, forKey: entry.id), !entry.id.isEmpty {
        let first = firstOffsetOfRepeated[entry.id] ?? offsetOfNode[earlier]
        firstOffsetOfRepeated[entry.id] = first
        problems.add(repeatedNodeID(entry, firstAt: first, problems: &problems))
      }
    }
    return NodeIDIndex(sortingNumbers: &numbers, strings: strings, keepingLast: true)!
  }

  /// The index of `ids` when none repeats (the usual case), its string ids placed in one pass
  /// (`IDTable(uniqueKeys:values:)`); nil when one does, for `index` to report.
  private static func uniqueIndex(_ ids: [NodeIDEntry]) -> NodeIDIndex? {
    var numbers: [NodeIDIndex.Number] = []
    var keys: [String] = []
    var nodes: [Int] = []
    keys.reserveCapacity(ids.count)
    nodes.reserveCapacity(ids.count)
    for entry in ids {
      if let number = NodeIDIndex.number(entry.id) {
        numbers.append(NodeIDIndex.Number(id: number, node: Int32(entry.node)))
      } else {
        keys.append(entry.id)
        nodes.append(entry.node)
      }
    }
    guard let strings = IDTable(uniqueKeys: keys, values: nodes) else { return nil }
    return NodeIDIndex(sortingNumbers: &numbers, strings: strings, keepingLast: false)
  }

  private static func repeatedNodeID(_ entry: NodeIDEntry, firstAt first: Int, problems: inout ProblemCollector)
    -> JSONProblem
  {
    JSONProblem(
      .tr("duplicate node id \"{id}\" (first at {place})", ["id": entry.id, "place": problems.position(of: first)]),
      at: entry.offset)
  }

  /// Adds a problem at each question id of `ids` (in file order) that an earlier one already has,
  /// naming where the first is.
  static func reportRepeats(of ids: [(id: String, offset: Int)], problems: inout ProblemCollector) {
    var first = IDTable(minimumCapacity: ids.count)
    for (id, offset) in ids {
      if let earlier = first.keepingFirst(offset, forKey: id) {
        problems.add(
          JSONProblem(
            .tr(
              "duplicate question id \"{id}\" (first at {place})", ["id": id, "place": problems.position(of: earlier)]),
            at: offset))
      }
    }
  }

  /// A node's `"passages"`: each id with its text, shared by the questions that name it.
  static func passages(_ node: JSONValue, problems: inout ProblemCollector) -> [String: String] {
    guard let value = node["passages"] else { return [:] }
    return passages(in: value, problems: &problems)
  }

  /// The texts by id of a `"passages"` value.
  static func passages(in value: JSONValue, problems: inout ProblemCollector) -> [String: String] {
    guard let members = value.members else {
      problems.add(
        value.problem(
          .tr("\"passages\" must be an object of texts by id, found {found}", ["found": value.typeName])))
      return [:]
    }
    var passages: [String: String] = [:]
    for member in members {
      guard let text = member.value.string else {
        problems.add(
          member.value.problem(
            .tr(
              "passage \"{id}\" must be a string, found {found}", ["id": member.key, "found": member.value.typeName])
          ))
        continue
      }
      if passages[member.key] != nil {
        problems.add(JSONProblem(.tr("duplicate passage id \"{id}\"", ["id": member.key]), at: member.keyOffset))
      }
      passages[member.key] = text
    }
    return passages
  }

  static func isIDScalar(_ s: Unicode.Scalar) -> Bool {
    s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ".")
  }
}
