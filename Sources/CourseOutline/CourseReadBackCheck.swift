import Localization
import PracticeJSON
import QuizEngine

/// Checks a course as ``NativeCourseWriter`` writes it, a piece at a time, against the course it
/// is written from: each piece is read back as ``CourseLoader`` would read it, so a course that
/// would not load (or would load as something else) is caught before it replaces anything.
///
/// Reading the whole written course back would take as much memory again as the course (30 MB of
/// GIFT made 205 MB more); a piece at a time it takes one question's, besides the ids seen.
///
/// ```swift
/// var check = CourseReadBackCheck()
/// check.question(question, written: text, passages: [:])  // nil, or the problem found
/// ```
struct CourseReadBackCheck {
  private var nodeIDs = Set<String>()
  private var questionIDs = Set<String>()

  /// The course's fields as written (`{"format": …, "title": …, "nodes": `, cut before the nodes):
  /// they must read back as `course`'s own, with nothing the loader would report.
  func header(_ written: String, of course: Course) -> Message? {
    guard course.count > 0 else { return .tr("the course has no chapters") }
    let text = Array((written + "[]}").utf8)
    guard let root = try? JSONParser.parse(text) else { return Self.headerDiffers }
    var builder = CourseBuilder()
    var problems = ProblemCollector(file: course.source, bytes: text)
    let header = NativeCourseFormat.build(root, into: &builder, problems: &problems)
    if let problem = problems.reported.first { return problem.text }
    guard header.id == course.id, header.title == course.title, header.allowsOverride == course.allowsOverride
    else { return Self.headerDiffers }
    return nil
  }

  /// A node's id as written: present and not taken by another node.
  mutating func node(id: String) -> Message? {
    guard !id.isEmpty, nodeIDs.insert(id).inserted else {
      return .tr("two chapters have the id \"{id}\"", ["id": id])
    }
    return nil
  }

  /// One question as written: it must decode without a problem to `question` itself, its passage's
  /// text the node's `passages` entry, and its id must be the only one in the course.
  mutating func question(_ question: Question, written: String, passages: [String: String]) -> Message? {
    guard let value = try? JSONParser.parse(Array(written.utf8)) else { return Self.differs(question) }
    let (decoded, problems) = Question.decode(value)
    if let problem = problems.first { return problem.text }
    guard var decoded else { return Self.differs(question) }
    // Conventions are the course's, set by the loader, not written with each question.
    decoded.conventions = question.conventions
    if let passage = decoded.passage {
      guard let text = passages[passage.id] else { return Self.differs(question) }
      decoded.passage?.text = text
    }
    guard decoded == question else { return Self.differs(question) }
    guard questionIDs.insert(question.id).inserted else {
      return .tr("two questions have the id \"{id}\"", ["id": question.id])
    }
    return nil
  }

  static let headerDiffers = Message.tr("the course's id, title or settings would read back differently")

  static func differs(_ question: Question) -> Message {
    .tr("question \"{id}\" would read back differently from the question imported", ["id": question.id])
  }
}
