package import CourseOutline
package import Foundation
package import Localization
package import PracticeFiles
package import PracticeTime
package import ProgressStorage

/// The whole class in one course: per node who has read it and how the class
/// scores, and one line of totals per learner.
///
/// Learners are read a few at a time (one per core) and only their totals are
/// kept, so memory grows neither with the size of their histories nor with the class. Progress is read with
/// `ReadOnlyProgress`, which never changes a learner's files; a learner whose
/// files cannot be read gets a line saying why and the rest of the report comes out.
///
/// ```swift
/// let report = ClassReport.build(course: course, dataDirectory: "/srv/practice", now: Date())
/// print(report.render(.text, style: ReportStyle()))
/// ```
package struct ClassReport: Sendable, Hashable {
  /// How many names of learners who have not read a node the text format shows.
  package static let notReadShown = 3

  package var courseID: String
  package var courseTitle: String
  package var generated: Date
  /// The study days "due today" counts in (the learner's zone and the hour a day starts).
  package var studyDay = StudyDay()
  /// Every node of the course in outline order.
  package var nodes: [ClassNodeRow]
  /// One line per learner folder holding this course, in name order.
  package var users: [ClassUserLine]
  /// Set when the data directory itself could not be listed.
  package var problem: Message?
  /// The catalog the text, Markdown and HTML speak through; JSON and CSV stay English.
  package var messages = Localizer.english

  package init(
    courseID: String, courseTitle: String, generated: Date, nodes: [ClassNodeRow], users: [ClassUserLine],
    problem: Message? = nil
  ) {
    self.courseID = courseID
    self.courseTitle = courseTitle
    self.generated = generated
    self.nodes = nodes
    self.users = users
    self.problem = problem
  }

  /// Why `dataDirectory` could not be listed, and what to do, as one sentence.
  ///
  /// ```swift
  /// problem(listing: "/srv/loop", error).description
  /// // cannot list /srv/loop: symlink loop (a symbolic link on the way leads back to itself); fix that link, or give
  /// // --data-dir the folder's real path
  /// ```
  package static func problem(listing dataDirectory: String, _ error: FileSystemError) -> Message {
    if error.code == FileSystemError.symlinkLoopCode {
      return .tr(
        "cannot list {folder}: symlink loop (a symbolic link on the way leads back to itself); fix that link, or give --data-dir the folder's real path",
        ["folder": dataDirectory])
    }
    if error.reasonSaysWhatToDo {
      return .tr("cannot list {folder}: {reason}", ["folder": dataDirectory, "reason": error.reason])
    }
    return .tr(
      "cannot list {folder} ({reason}); check the data folder (--data-dir)",
      ["folder": dataDirectory, "reason": error.reason])
  }

  /// Learners whose progress was read.
  package var readableUsers: Int { users.filter { $0.total != nil }.count }

  /// Reads every `<dataDirectory>/<user>/<course.id>/` folder, a few at a time (one per core).
  package static func build(
    course: Course, dataDirectory: String, now: Date, studyDay: StudyDay = StudyDay(), lockTimeout: Double = 2
  ) -> ClassReport {
    var report = empty(course: course, now: now)
    report.studyDay = studyDay
    let folders: [LearnerFolder]
    do {
      folders = try LearnerFolder.all(in: dataDirectory, course: course.id)
    } catch {
      report.problem = problem(listing: dataDirectory, error)
      return report
    }
    // One deadline for the whole report: learners whose locks are held cost the wait once.
    let deadline = LockDeadline(seconds: lockTimeout)
    // In a class folder each learner's folder must be its login's (a squatter's is not counted).
    let isClass = SharedClassFolder.isClassFolder((try? POSIXFileSystem().stat(dataDirectory)) ?? nil)
    let learners = folders.map { folder in
      Learner(
        user: LookAlikeText.shown(folder.learner),
        loading: { () throws(ProgressError) in
          try folder.read(checkingOwner: isClass) { (directory) throws(ProgressError) in
            try ReadOnlyProgress.load(directory: directory, until: deadline)
          }
        })
    }
    report.add(learners, course: course)
    return report
  }

  /// Builds the report from states already in memory (one per learner), e.g. in tests or from another store.
  package static func build(
    course: Course, states: [(user: String, state: ProgressState)], now: Date, studyDay: StudyDay = StudyDay()
  ) -> ClassReport {
    var report = empty(course: course, now: now)
    report.studyDay = studyDay
    report.add(
      states.map { user, state in
        Learner(user: user, loading: { () throws(ProgressError) in ReadOnlyProgress(state: state) })
      }, course: course)
    return report
  }

  static func empty(course: Course, now: Date) -> ClassReport {
    ClassReport(
      courseID: course.id, courseTitle: course.title, generated: now,
      nodes: course.nodes.indices.map { ClassNodeRow(node: ReportNode(course: course, index: $0)) }, users: [])
  }

  /// A learner to read: the name shown and how to read their progress.
  struct Learner: Sendable {
    var user: String
    var loading: @Sendable () throws(ProgressError) -> ReadOnlyProgress
  }

  /// One learner's figures per node and their line, ready to be added to the report.
  struct LearnerFigures: Sendable {
    var figures: [ReportFigures]
    var line: ClassUserLine
  }

  /// Reads the learners on every core, a batch at a time, and adds them in their order: the report
  /// is the same as read one by one, and only a batch of learners is in memory at once, so memory
  /// does not grow with the class.
  mutating func add(_ learners: [Learner], course: Course) {
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    let batch = workers * 4
    var start = 0
    while start < learners.count {
      let slice = Array(learners[start..<min(start + batch, learners.count)])
      let results = Self.read(slice, course: course, now: generated, studyDay: studyDay, workers: workers)
      for result in results { add(result) }
      start += slice.count
    }
  }

  /// Each learner's figures, read concurrently; in the learners' order.
  static func read(_ learners: [Learner], course: Course, now: Date, studyDay: StudyDay, workers: Int)
    -> [LearnerFigures]
  {
    guard workers > 1, learners.count > 1 else {
      return learners.map { read($0, course: course, now: now, studyDay: studyDay) }
    }
    let slots = ResultSlots(count: learners.count)
    DispatchQueue.concurrentPerform(iterations: learners.count) { i in
      slots.set(i, read(learners[i], course: course, now: now, studyDay: studyDay))
    }
    return slots.results()
  }

  static func read(_ learner: Learner, course: Course, now: Date, studyDay: StudyDay) -> LearnerFigures {
    let progress: ReadOnlyProgress
    do {
      progress = try learner.loading()
    } catch {
      return LearnerFigures(
        figures: [], line: ClassUserLine(name: learner.user, total: nil, failure: error))
    }
    let figures = LearnerReport.subtreeFigures(course: course, state: progress.state, now: now, studyDay: studyDay)
    let total = LearnerReport.courseTotal(course: course, state: progress.state, figures: figures)
    var warnings: [Message] = []
    if !progress.damagedLines.isEmpty {
      warnings.append(
        .trn(
          "{count} damaged journal line skipped", "{count} damaged journal lines skipped",
          count: progress.damagedLines.count))
    }
    if !progress.unknownRecords.isEmpty {
      warnings.append(
        .trn(
          "{count} journal record from a newer version skipped", "{count} journal records from a newer version skipped",
          count: progress.unknownRecords.count))
    }
    if progress.tornTailBytes > 0 {
      warnings.append(
        .tr("a half-written last journal record ({bytes} bytes) skipped", ["bytes": progress.tornTailBytes]))
    }
    return LearnerFigures(figures: figures, line: ClassUserLine(name: learner.user, total: total, warnings: warnings))
  }

  mutating func add(_ learner: LearnerFigures) {
    if learner.line.total != nil {
      for i in nodes.indices { nodes[i].add(user: learner.line.name, learner.figures[i]) }
    }
    users.append(learner.line)
  }
}

/// Where concurrent readers put their results: each index is written by exactly one of them, and
/// read only after `concurrentPerform` has returned.
private final class ResultSlots: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<ClassReport.LearnerFigures?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func set(_ index: Int, _ value: ClassReport.LearnerFigures) { slots[index] = value }

  func results() -> [ClassReport.LearnerFigures] { slots.map { $0! } }
}
