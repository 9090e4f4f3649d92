package import PracticeJSON
import QuizEngine

/// Writes a course in the native format (`{"format": "practice-course", …}`), which
/// ``CourseLoader`` reads back to an equal course.
///
/// ```swift
/// let text = NativeCourseWriter.text(course)  // pretty JSON, ending in a newline
/// ```
package enum NativeCourseWriter {
  package static func json(_ course: Course) -> JSONValue {
    var roots: [JSONValue] = []
    for root in course.roots { roots.append(node(root, in: course)) }
    var members: [(String, JSONValue)] = [
      ("format", .string(CourseFormat.native.rawValue)), ("version", .int(1)), ("id", .string(course.id)),
      ("title", .string(course.title)),
    ]
    // Only when it is off, so courses that never set it are written as before.
    if !course.allowsOverride { members.append(("allowOverride", .bool(false))) }
    members.append(("nodes", .array(roots)))
    return .object(members)
  }

  package static func text(_ course: Course) -> String { JSONWriter.pretty(json(course)) + "\n" }

  /// The same text as `text(course)`, handed to `emit` a piece at a time (the course's fields, then
  /// each question), so that the text is never whole in memory.
  ///
  /// Each piece is read back as it is made and compared with what it was made from
  /// (``CourseReadBackCheck``): a course that would not load as `course` stops the writing with
  /// ``CourseWriteError/readBack(_:)``, and what was emitted must then be thrown away.
  package static func write<Output: Error>(
    _ course: Course, emit: (String) throws(Output) -> Void
  ) throws(CourseWriteError<Output>) {
    var members: [(String, JSONValue)] = [
      ("format", .string(CourseFormat.native.rawValue)), ("version", .int(1)), ("id", .string(course.id)),
      ("title", .string(course.title)),
    ]
    if !course.allowsOverride { members.append(("allowOverride", .bool(false))) }
    var header = "{"
    for (key, value) in members {
      header += "\n  " + JSONWriter.compact(.string(key)) + ": " + JSONWriter.pretty(value, indent: 2, level: 1) + ","
    }
    header += "\n  \"nodes\": "
    var check = CourseReadBackCheck()
    if let problem = check.header(header, of: course) { throw .readBack(problem) }
    try put(header, emit)
    let roots = course.roots
    try put(roots.isEmpty ? "[]" : "[", emit)
    for (i, root) in roots.enumerated() {
      try put(opening(i, level: 1), emit)
      try writeNode(root, in: course, level: 2, check: &check, emit: emit)
    }
    try put((roots.isEmpty ? "" : closing(level: 1, "]")) + "\n}\n\n", emit)
  }

  /// The text before element `i` of an array whose brackets are at `level`.
  static func opening(_ i: Int, level: Int) -> String {
    (i > 0 ? "," : "") + "\n" + String(repeating: " ", count: 2 * (level + 1))
  }

  /// `bracket` closing something at `level`, on a line of its own.
  static func closing(level: Int, _ bracket: String) -> String {
    "\n" + String(repeating: " ", count: 2 * level) + bracket
  }

  static func put<Output: Error>(_ text: String, _ emit: (String) throws(Output) -> Void)
    throws(CourseWriteError<Output>)
  {
    do throws(Output) { try emit(text) } catch { throw .output(error) }
  }

  /// One node as `node(_:in:)` makes it, at `level`, its questions each checked as written.
  static func writeNode<Output: Error>(
    _ index: Int, in course: Course, level: Int, check: inout CourseReadBackCheck,
    emit: (String) throws(Output) -> Void
  ) throws(CourseWriteError<Output>) {
    let node = course.nodes[index]
    let id = node.id ?? course.address(of: index)
    if let problem = check.node(id: id) { throw .readBack(problem) }
    let pad = "\n" + String(repeating: " ", count: 2 * (level + 1))
    var head = "{" + pad + "\"id\": " + JSONWriter.compact(.string(id))
    head += "," + pad + "\"title\": " + JSONWriter.compact(.string(node.title))
    if let description = node.details?.description {
      head += "," + pad + "\"description\": " + JSONWriter.compact(.string(description))
    }
    // Each passage once, before the questions naming it; the first text of an id is the one read back.
    var passages: [(String, JSONValue)] = []
    var texts: [String: String] = [:]
    for question in node.questions {
      if let passage = question.passage, texts[passage.id] == nil {
        texts[passage.id] = passage.text
        passages.append((passage.id, .string(passage.text)))
      }
    }
    if !passages.isEmpty {
      head += "," + pad + "\"passages\": " + JSONWriter.pretty(.object(passages), indent: 2, level: level + 1)
    }
    try put(head, emit)
    if !node.questions.isEmpty {
      try put("," + pad + "\"questions\": [", emit)
      for (i, question) in node.questions.enumerated() {
        let written = JSONWriter.pretty(question.json, indent: 2, level: level + 2)
        if let problem = check.question(question, written: written, passages: texts) { throw .readBack(problem) }
        try put(opening(i, level: level + 1) + written, emit)
      }
      try put(closing(level: level + 1, "]"), emit)
    }
    let children = course.children(of: index)
    if !children.isEmpty {
      try put("," + pad + "\"children\": [", emit)
      for (i, child) in children.enumerated() {
        try put(opening(i, level: level + 1), emit)
        try writeNode(child, in: course, level: level + 2, check: &check, emit: emit)
      }
      try put(closing(level: level + 1, "]"), emit)
    }
    try put(closing(level: level, "}"), emit)
  }

  static func node(_ index: Int, in course: Course) -> JSONValue {
    let node = course.nodes[index]
    var members: [(String, JSONValue)] = [
      ("id", .string(node.id ?? course.address(of: index))), ("title", .string(node.title)),
    ]
    if let description = node.details?.description { members.append(("description", .string(description))) }
    // Each passage once, before the questions naming it.
    var passages: [(String, JSONValue)] = []
    var written = Set<String>()
    for question in node.questions {
      if let passage = question.passage, written.insert(passage.id).inserted {
        passages.append((passage.id, .string(passage.text)))
      }
    }
    if !passages.isEmpty { members.append(("passages", .object(passages))) }
    if !node.questions.isEmpty { members.append(("questions", .array(node.questions.map(\.json)))) }
    let children = course.children(of: index).map { self.node($0, in: course) }
    if !children.isEmpty { members.append(("children", .array(children))) }
    return .object(members)
  }
}
