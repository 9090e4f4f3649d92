import PracticeJSON

/// Writes a course in the native format (`{"format": "practice-course", …}`), which
/// ``CourseLoader`` reads back to an equal course.
///
/// ```swift
/// let text = NativeCourseWriter.text(course)  // pretty JSON, ending in a newline
/// ```
public enum NativeCourseWriter {
  public static func json(_ course: Course) -> JSONValue {
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

  public static func text(_ course: Course) -> String { JSONWriter.pretty(json(course)) + "\n" }

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
