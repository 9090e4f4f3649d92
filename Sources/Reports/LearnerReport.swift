package import CourseOutline
package import Foundation
package import Localization
package import PracticeTime
package import ProgressStorage
import QuizEngine
package import Scheduling

/// Where one learner stands in a course: per node in outline order, a total,
/// what to study next, and answers per day over the last 30 days.
///
/// Building is pure: the same course, state and `now` give the same report.
///
/// ```swift
/// let store = try ProgressStore(directory: dataDir + "/ann/" + course.id)
/// let report = LearnerReport.build(course: course, state: store.state, user: "ann", now: Date())
/// print(report.render(.text, style: ReportStyle()))
/// ```
package struct LearnerReport: Sendable, Hashable {
  /// How many suggestions `studyNext` holds at most.
  package static let studyNextLimit = 5
  /// How many days `activity` covers, ending with the day of `generated`.
  package static let activityDays = 30

  /// The catalog the text, Markdown and HTML reports speak through; JSON and CSV never change.
  package var messages = Localizer.english
  package var user: String
  package var courseID: String
  package var courseTitle: String
  package var generated: Date
  /// The study days "due today" and the activity chart count in (the learner's zone, the hour a day starts).
  package var studyDay = StudyDay()
  /// The node the report is restricted to (`report ADDR`), `nil` for the whole course.
  package var scope: ReportRow?
  /// The nodes in outline order (the scope node first when restricted).
  package var rows: [ReportRow]
  /// Figures of the whole course, or of the scope.
  package var total: ReportFigures
  package var studyNext: [StudySuggestion]
  /// Oldest day first, exactly `activityDays` entries.
  package var activity: [ActivityDay]
  /// The FSRS parameters scheduling uses when they are not the defaults (`practice optimize --apply`,
  /// or the class's), with how well they and the defaults predict this learner's reviews.
  package var scheduling: Scheduling?
  /// Wrong answers to the scope's calculated questions with the values each was given for, oldest
  /// first, from the whole history the report reads.
  package var calculatedMistakes: [CalculatedMistake] = []

  /// Chosen parameters in use and their fit on the learner's reviews.
  package struct Scheduling: Sendable, Hashable {
    package var choice: ParameterTimeline.Choice
    package var fit: FitMeasures
    package var defaultsFit: FitMeasures
  }

  package init(
    user: String, courseID: String, courseTitle: String, generated: Date, scope: ReportRow?,
    rows: [ReportRow], total: ReportFigures, studyNext: [StudySuggestion], activity: [ActivityDay]
  ) {
    self.user = user
    self.courseID = courseID
    self.courseTitle = courseTitle
    self.generated = generated
    self.scope = scope
    self.rows = rows
    self.total = total
    self.studyNext = studyNext
    self.activity = activity
  }

  /// Computes the report; `root` (a node index) restricts it to that subtree.
  package static func build(
    course: Course, state: ProgressState, user: String, now: Date, root: Int? = nil, studyDay: StudyDay = StudyDay()
  ) -> LearnerReport {
    let figures = subtreeFigures(course: course, state: state, now: now, studyDay: studyDay)
    let range = root.map { $0..<course.nodes[$0].subtreeEnd } ?? 0..<course.count
    let rows = range.map { row(course: course, index: $0, figures: figures[$0]) }
    var total = ReportFigures()
    if let root {
      total = figures[root]
    } else {
      total = courseTotal(course: course, state: state, figures: figures)
    }
    var report = LearnerReport(
      user: user, courseID: course.id, courseTitle: course.title, generated: now,
      scope: root == nil ? nil : rows[0],
      rows: rows, total: total,
      studyNext: studyNext(
        rows: rows, due: total.due, scope: root.map { (course.address(of: $0), course.nodes[$0].title) },
        courseTitle: course.title),
      activity: activity(course: course, state: state, range: range, now: now, studyDay: studyDay))
    report.studyDay = studyDay
    report.calculatedMistakes = CalculatedMistake.collect(course: course, state: state, nodes: range)
    if let choice = state.parameterTimeline.choice(at: now) {
      let history = ParameterFitReport.reviewHistory(course: course, learners: [(user, state)])
      report.scheduling = Scheduling(
        choice: choice, fit: FitMeasures(history: history, parameters: choice.parameters),
        defaultsFit: FitMeasures(history: history, parameters: FSRSScheduler.defaultParameters))
    }
    return report
  }

  /// The whole course's figures: its chapters' summed, and the sessions of no node (reviews and
  /// `mistakes` rounds of the whole course) with their time, which belong to the course alone.
  static func courseTotal(course: Course, state: ProgressState, figures: [ReportFigures]) -> ReportFigures {
    var total = ReportFigures()
    for i in course.roots { total.add(figures[i]) }
    total.hadRead = total.leaves > 0 && total.leavesRead == total.leaves
    let wide = StudyFigures.courseWide(state: state)
    total.sessions = total.sessions.plusSaturating(wide.sessions)
    total.millisecondsSpent = total.millisecondsSpent.plusSaturating(wide.milliseconds)
    return total
  }

  static func row(course: Course, index: Int, figures: ReportFigures) -> ReportRow {
    ReportRow(node: ReportNode(course: course, index: index), figures: figures)
  }

  /// Figures of every node's subtree, indexed like `course.nodes`; predicted recall at `now`, and
  /// what is due today (before the study day holding `now` ends).
  static func subtreeFigures(
    course: Course, state: ProgressState, now: Date, studyDay: StudyDay = StudyDay()
  ) -> [ReportFigures] {
    let memories = state.memories()
    // The forgetting curve of the parameters in use now (their decay is one of them).
    let scheduler = state.parameterTimeline.scheduler(at: now)
    let dayEnd = studyDay.end(of: now)
    let study = StudyFigures(course: course, state: state, memories: memories)
    let spent = StudyFigures.millisecondsSpent(course: course, state: state)
    var figures = [ReportFigures](repeating: ReportFigures(), count: course.count)
    for (i, node) in course.nodes.enumerated() {
      var f = ReportFigures()
      f.browseCount = node.details?.browseCount ?? 0
      for question in node.questions {
        if let memory = memories[question.id] {
          f.reviewed += 1
          // Within a day of the last review FSRS predicts 100 % whatever the answer was, which
          // a learner reads as "known" right after a wrong answer: those questions wait a day.
          if let last = memory.lastReview, FSRSScheduler.wholeDays(from: last, to: now) >= 1 {
            f.retentionQuestions += 1
            f.retentionSum += scheduler.retrievability(of: memory, at: now)
          }
          if StudyFigures.isDueToday(memory, before: dayEnd) { f.due += 1 }
        }
        // A skip after a hint counts as a hint used, so before the check for answers.
        f.hints = f.hints.plusSaturating(state.questions[question.id]?.hints ?? 0)
        guard let progress = state.questions[question.id], progress.attempts > 0 else { continue }
        f.answers = f.answers.plusSaturating(progress.attempts)
        f.correct = f.correct.plusSaturating(progress.correct)
        f.partialCredit += progress.partialCredit
        f.overruled = f.overruled.plusSaturating(progress.overruled)
      }
      figures[i] = f
    }
    for (key, recorded) in state.nodes {
      guard let i = StudyFigures.index(ofKey: key, in: course) else { continue }
      figures[i].browseCount = figures[i].browseCount.plusSaturating(recorded.browseCount)
    }
    // Preorder puts every child after its parent, so one backward pass sums each subtree.
    for i in stride(from: course.count - 1, through: 0, by: -1) {
      if let parent = course.nodes[i].parent { figures[parent].add(figures[i]) }
    }
    for i in 0..<course.count {
      figures[i].hadRead = study.read[i]
      figures[i].leaves = study.leaves[i]
      figures[i].leavesRead = study.leavesRead[i]
      figures[i].questions = study.questions[i]
      figures[i].answered = study.answered[i]
      figures[i].new = study.new[i]
      figures[i].millisecondsSpent = spent[i]
      figures[i].mastered = study.mastered[i]
      figures[i].toRetry = study.toRetry[i]
      figures[i].bestScore = study.best[i]
      figures[i].lastScore = study.last[i]
      figures[i].sessions = study.sessions[i]
      figures[i].lastStudied = study.lastStudied[i]
    }
    return figures
  }

  /// The questions due today first (`review`), then unread leaves, then the weakest practised
  /// ones, then the unpractised ones.
  ///
  /// - Parameter scope: the address and title of the report's node; nil for the whole course.
  static func studyNext(
    rows: [ReportRow], due: Int = 0, scope: (address: String, title: String)? = nil, courseTitle: String = ""
  ) -> [StudySuggestion] {
    var reviews: [StudySuggestion] = []
    if due > 0 {
      reviews.append(
        StudySuggestion(
          index: rows.first?.node.index ?? 0, address: scope?.address ?? "", title: scope?.title ?? courseTitle,
          reason: .due, command: scope.map { "review \($0.address)" } ?? "review", accuracy: nil, mastered: 0,
          questions: 0, due: due))
    }
    var unread: [StudySuggestion] = []
    var weak: [StudySuggestion] = []
    var unpractised: [StudySuggestion] = []
    for row in rows where row.node.isLeaf {
      let f = row.figures
      let verb = f.questions > 0 ? "start" : "info"
      func suggestion(_ reason: StudySuggestion.Reason) -> StudySuggestion {
        StudySuggestion(
          index: row.node.index, address: row.node.address, title: row.node.title, reason: reason,
          command: "\(verb) \(row.node.address)", accuracy: f.accuracy, mastered: f.mastered,
          questions: f.questions)
      }
      if !f.hadRead {
        unread.append(suggestion(.unread))
      } else if f.questions > 0 && f.answers == 0 {
        unpractised.append(suggestion(.unpractised))
      } else if f.questions > 0 && f.mastered < f.questions {
        weak.append(suggestion(.weak))
      }
    }
    weak.sort {
      let a = ($0.accuracy ?? 0, Double($0.mastered) / Double(max(1, $0.questions)), $0.index)
      let b = ($1.accuracy ?? 0, Double($1.mastered) / Double(max(1, $1.questions)), $1.index)
      return a < b
    }
    return Array((reviews + unread + weak + unpractised).prefix(studyNextLimit))
  }

  /// Answers per study day to questions in `range`, for the `activityDays` study days ending on `now`'s.
  static func activity(course: Course, state: ProgressState, range: Range<Int>, now: Date, studyDay: StudyDay)
    -> [ActivityDay]
  {
    var inScope = Set<String>()
    for i in range { for q in course.nodes[i].questions { inScope.insert(q.id) } }
    let last = studyDay.number(of: now)
    let first = last - activityDays + 1
    var counts = [Int](repeating: 0, count: activityDays)
    for session in state.sessions.values {
      for answer in session.answers where inScope.contains(answer.questionID) {
        let day = studyDay.number(of: answer.time)
        if day >= first && day <= last { counts[day - first] += 1 }
      }
    }
    return counts.enumerated().map { offset, count in
      let day = first + offset
      return ActivityDay(date: Formatting.day(number: day), start: studyDay.start(ofDay: day), answers: count)
    }
  }
}
