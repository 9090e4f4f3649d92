import CourseOutline
import Foundation
import ProgressStorage

/// The whole class in one course: per node who has read it and how the class
/// scores, and one line of totals per learner.
///
/// Learners are read one at a time and only their totals are kept, so memory
/// does not grow with the size of their histories. Progress is read with
/// `ReadOnlyProgress`, which never changes a learner's files; a learner whose
/// files cannot be read gets a line saying why and the rest of the report comes out.
///
/// ```swift
/// let report = ClassReport.build(course: course, dataDirectory: "/srv/practice", now: Date())
/// print(report.render(.text, style: ReportStyle()))
/// ```
public struct ClassReport: Sendable, Hashable {
  /// How many names of learners who have not read a node the text format shows.
  public static let notReadShown = 3

  public var courseID: String
  public var courseTitle: String
  public var generated: Date
  /// Every node of the course in outline order.
  public var nodes: [ClassNodeRow]
  /// One line per learner folder holding this course, in name order.
  public var users: [ClassUserLine]
  /// Set when the data directory itself could not be listed.
  public var problem: String?

  public init(
    courseID: String, courseTitle: String, generated: Date, nodes: [ClassNodeRow], users: [ClassUserLine],
    problem: String? = nil
  ) {
    self.courseID = courseID
    self.courseTitle = courseTitle
    self.generated = generated
    self.nodes = nodes
    self.users = users
    self.problem = problem
  }

  /// Learners whose progress was read.
  public var readableUsers: Int { users.filter { $0.total != nil }.count }

  /// Reads every `<dataDirectory>/<user>/<course.id>/` folder, one after another.
  public static func build(course: Course, dataDirectory: String, now: Date, lockTimeout: Double = 2) -> ClassReport {
    var report = empty(course: course, now: now)
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: dataDirectory).sorted()
    } catch {
      report.problem = "cannot list \(dataDirectory) (\((error as NSError).localizedDescription))"
      return report
    }
    // Learner folders never start with a dot (`LearnerName` encodes one); anything that does is
    // not a learner's.
    for name in names where !name.hasPrefix(".") {
      let folder = ProgressFolder.path(dataDirectory: dataDirectory, user: name, courseID: course.id)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        continue
      }
      // A folder from before names were encoded is shown by its folder name.
      let learner = LearnerName(folderName: name)?.name ?? name
      report.add(
        user: LookAlikeText.shown(learner), course: course,
        loading: { () throws(ProgressReadError) in
          try ReadOnlyProgress.load(directory: folder, lockTimeout: lockTimeout)
        })
    }
    return report
  }

  /// Builds the report from states already in memory (one per learner), e.g. in tests or from another store.
  public static func build(course: Course, states: [(user: String, state: ProgressState)], now: Date) -> ClassReport {
    var report = empty(course: course, now: now)
    for (user, state) in states {
      report.add(
        user: user, course: course, loading: { () throws(ProgressReadError) in ReadOnlyProgress(state: state) })
    }
    return report
  }

  static func empty(course: Course, now: Date) -> ClassReport {
    ClassReport(
      courseID: course.id, courseTitle: course.title, generated: now,
      nodes: course.nodes.indices.map { ClassNodeRow(node: ReportNode(course: course, index: $0)) }, users: [])
  }

  mutating func add(
    user: String, course: Course, loading: () throws(ProgressReadError) -> ReadOnlyProgress
  ) {
    let progress: ReadOnlyProgress
    do {
      progress = try loading()
    } catch {
      users.append(ClassUserLine(name: user, total: nil, problem: error.description))
      return
    }
    let figures = LearnerReport.subtreeFigures(course: course, state: progress.state, now: generated)
    for i in nodes.indices { nodes[i].add(user: user, figures[i]) }
    var total = ReportFigures()
    for i in course.roots { total.add(figures[i]) }
    total.hadRead = total.leaves > 0 && total.leavesRead == total.leaves
    var warnings: [String] = []
    if !progress.damagedLines.isEmpty {
      warnings.append("\(progress.damagedLines.count) damaged journal line(s) skipped")
    }
    if progress.tornTailBytes > 0 {
      warnings.append("a half-written last journal record (\(progress.tornTailBytes) bytes) skipped")
    }
    users.append(ClassUserLine(name: user, total: total, warnings: warnings))
  }
}
