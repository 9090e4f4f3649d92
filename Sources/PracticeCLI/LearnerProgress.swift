package import CourseOutline
package import Foundation
package import Localization
import PracticeJSON
package import PracticeTime
package import ProgressStorage
package import QuizEngine
package import Reports
import Scheduling
package import Study

/// One learner's progress in one course: records what the shell does and tells `ls` and `info` what is known.
///
/// A class because it owns the open `ProgressStore` (a lock and a journal descriptor).
/// Figures start from what the course data says (seed 002's `hadRead` and
/// `browseCount`) and add what was recorded.
package final class LearnerProgress: ProgressRecorder, NodeStatusProvider, ReviewBookProvider {
  package let store: ProgressStore
  let course: Course
  let style: OutputStyle
  /// The catalog the status column and `info` speak through.
  package let messages: Localizer
  /// The clock the outline's due counts are read against.
  let clock: any PracticeClock
  /// The study days "due today" counts in.
  package let studyDay: StudyDay
  private var cache: StudyFigures?
  private var cachedVersion = -1
  private var version = 0
  /// Replayed from the history on first use, then kept current answer by answer.
  private var book: ReviewBook?
  /// Due-today counts per node, right from `at` until the study day ends.
  private var dueNow: (version: Int, at: Date, until: Date, counts: NodeCounts)?
  /// The last listing's status column, listed again as it is while nothing was recorded and the
  /// due counts are those it was made with (`expand all` then `ls`).
  private var lastColumn: (nodes: [Int32], version: Int, dueAt: Date, column: StatusColumn)?

  package init(
    store: ProgressStore, course: Course, style: OutputStyle, clock: any PracticeClock = SystemClock(),
    messages: Localizer = .english, studyDay: StudyDay = StudyDay()
  ) {
    self.store = store
    self.course = course
    self.style = style
    self.clock = clock
    self.messages = messages
    self.studyDay = studyDay
  }

  package func reviewBook() -> ReviewBook {
    if let book { return book }
    let built = ReviewBook(state: store.state)
    book = built
    return built
  }

  // MARK: Recording

  package func nodeOpened(key: String, at date: Date) throws {
    try store.record(.nodeOpened(node: key, at: date))
    version += 1
  }

  package var state: ProgressState { store.state }

  package func sessionStarted(
    id: String, nodeKey: String, questionIDs: [String], at date: Date, kind: SessionKind, seed: UInt64?
  ) throws {
    try store.record(
      .sessionStarted(session: id, node: nodeKey, questions: questionIDs, at: date, kind: kind, seed: seed))
    version += 1
  }

  package func sessionResumed(id: String, at date: Date) throws {
    try store.record(.sessionResumed(session: id, at: date))
    version += 1
  }

  package func answered(
    sessionID: String, questionID: String, nodeKey: String, input: String, isCorrect: Bool, fraction: Double?,
    values: ShownValues?, review: ReviewMark, at date: Date
  ) throws {
    try store.record(
      .answered(
        session: sessionID, question: questionID, node: nodeKey, given: input, correct: isCorrect, at: date,
        review: review, fraction: isCorrect ? nil : fraction.flatMap { $0 > 0 && $0 < 1 ? $0 : nil }, values: values))
    version += 1
    book?.record(
      questionID: questionID, rating: Rating(rawValue: review.rating) ?? .good, correct: isCorrect, at: date,
      fuzz: review.fuzz)
  }

  package func responded(sessionID: String, questionID: String, nodeKey: String, text: String, at date: Date) throws {
    try store.record(.responded(session: sessionID, question: questionID, node: nodeKey, text: text, at: date))
    version += 1
  }

  package func skipped(
    sessionID: String, questionID: String, nodeKey: String, values: ShownValues?, review: ReviewMark, at date: Date
  ) throws {
    try store.record(
      .skipped(session: sessionID, question: questionID, node: nodeKey, at: date, review: review, values: values))
    version += 1
    book?.record(
      questionID: questionID, rating: Rating(rawValue: review.rating) ?? .again, correct: false, at: date,
      fuzz: review.fuzz)
  }

  package func overruled(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws {
    try store.record(.overruled(session: sessionID, question: questionID, node: nodeKey, at: date))
    version += 1
    // The overruled answer now counts as Hard, not Again: replay the history with it.
    book = nil
  }

  package func hintShown(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws {
    try store.record(.hintShown(session: sessionID, question: questionID, node: nodeKey, at: date))
    version += 1
  }

  package func sessionEnded(id: String, summary: SessionSummary, hinted: String? = nil, at date: Date) throws {
    try store.record(
      .sessionEnded(
        session: id, at: date, score: summary.recordedScore, endedEarly: summary.endedEarly, hinted: hinted))
    version += 1
  }

  package func saveExpandedNodes(_ keys: [String]) throws {
    try store.saveViewState(ViewState(expandedNodes: keys, limits: savedLimits))
  }

  package func saveLimits(_ limits: DailyLimits, expandedNodes keys: [String]) throws {
    try store.saveViewState(ViewState(expandedNodes: keys, limits: limits))
    savedLimits = limits
  }

  /// The daily limits read with the view state by `restoredExpansion()`, kept when it is saved again.
  package private(set) var savedLimits: DailyLimits?

  /// The node indices expanded when the last run ended; a damaged file is set aside with a warning
  /// in `store.takeWarnings()`, a file that cannot be read throws.
  package func restoredExpansion() throws(ProgressError) -> [Int] {
    let viewState = try store.loadViewState()
    savedLimits = viewState.limits
    let keys = viewState.expandedNodes
    guard !keys.isEmpty else { return [] }
    var indexByKey: [String: Int] = [:]
    for i in course.nodes.indices where course.hasChildren(i) { indexByKey[course.key(of: i)] = i }
    return keys.compactMap { indexByKey[$0] }
  }

  // MARK: Status

  /// The figures of every node, folded again only after something was recorded.
  package func figures() -> StudyFigures {
    if let cache, cachedVersion == version { return cache }
    let figures = StudyFigures(course: course, state: store.state, memories: reviewBook().memories)
    cache = figures
    cachedVersion = version
    return figures
  }

  /// `43%`: a percentage rounded to a whole number.
  static func percent(_ value: Double) -> String { "\(Int(value.rounded()))%" }

  package func status(of node: Int, in course: Course) -> String? {
    status(of: node, due: dueCount(of: node), figures: figures(), in: course)
  }

  /// The status of every row of a listing: the figures and due counts are looked up once, and rows
  /// with the same figures share one translated text (a million rows have few distinct statuses).
  package func statusColumn(of nodes: [Int32], in course: Course) -> StatusColumn {
    guard let first = nodes.first else { return StatusColumn() }
    _ = dueCount(of: Int(first))
    guard let dueNow else { return StatusColumn(nodes.map { status(of: Int($0), in: course) }) }
    if let lastColumn, lastColumn.version == version, lastColumn.dueAt == dueNow.at,
      lastColumn.nodes == nodes
    {
      return lastColumn.column
    }
    let due = dueNow.counts
    let f = figures()
    let anyBest = !f.best.isEmpty
    var column = StatusColumn()
    column.reserveCapacity(nodes.count)
    let readMark = column.index(of: style.readMark)
    var known: [StatusFigures: Int32] = [:]
    course.nodes.withUnsafeBufferPointer { all in
      guard !due.isAllZero || !f.answered.isAllZero || !f.toRetry.isAllZero || anyBest else {
        // Nothing answered, to retry or due anywhere (a new learner, or a course read but not
        // practised): a leaf shows at most its read mark, a parent at most `2/4 read`.
        var readOfLeaves: [Int: Int32] = [:]
        for row in nodes {
          let node = Int(row)
          if all[node].subtreeEnd == node + 1 {
            column.append(index: f.read[node] ? readMark : StatusColumn.none)
            continue
          }
          let leavesRead = f.leavesRead[node]
          guard leavesRead > 0 else {
            column.append(index: StatusColumn.none)
            continue
          }
          let key = leavesRead << 32 | f.leaves[node]
          if let index = readOfLeaves[key] {
            column.append(index: index)
            continue
          }
          let index = status(of: node, due: 0, figures: f, in: course).map { column.index(of: $0) } ?? StatusColumn.none
          readOfLeaves[key] = index
          column.append(index: index)
        }
        return
      }
      for row in nodes {
        let node = Int(row)
        let parent = all[node].subtreeEnd > node + 1
        // Most rows of a large course: nothing answered or due below them, at most a read mark.
        if due[node] == 0, f.answered[node] == 0, f.toRetry[node] == 0, !anyBest || f.best[node] == nil {
          if !parent {
            column.append(index: f.read[node] ? readMark : StatusColumn.none)
            continue
          }
          if f.leavesRead[node] == 0 {
            column.append(index: StatusColumn.none)
            continue
          }
        }
        let key = StatusFigures(
          parent: parent, read: f.read[node], leavesRead: f.leavesRead[node], leaves: f.leaves[node],
          answered: f.answered[node], mastered: f.mastered[node], questions: f.questions[node], best: f.best[node],
          toRetry: f.toRetry[node], due: due[node])
        if let index = known[key] {
          column.append(index: index)
          continue
        }
        let index = status(of: node, due: due[node], figures: f, in: course).map { column.index(of: $0) }
        known[key] = index ?? StatusColumn.none
        column.append(index: index ?? StatusColumn.none)
      }
    }
    // The rows' own array (the outline's storage, shared): a million rows cost no copy.
    lastColumn = (nodes, version, dueNow.at, column)
    return column
  }

  /// What a row's status is made of: rows with equal figures show the same text.
  private struct StatusFigures: Hashable {
    var parent: Bool
    var read: Bool
    var leavesRead, leaves, answered, mastered, questions: Int
    var best: Double?
    var toRetry, due: Int
  }

  private func status(of node: Int, due: Int, figures f: StudyFigures, in course: Course) -> String? {
    // Translated only when shown: a listing of a million rows asks this of every row.
    guard var text = progressStatus(of: node, figures: f, in: course) else {
      return due > 0 ? messages.tr("{count} due", ["count": due]) : nil
    }
    if due > 0 { text += "  " + messages.tr("{count} due", ["count": due]) }
    return text
  }

  /// `✓ 9/14 mastered · best 43% · 3 to retry` for a leaf; a parent starts with `2/4 read`.
  private func progressStatus(of node: Int, figures f: StudyFigures, in course: Course) -> String? {
    var parts: [String] = []
    if course.hasChildren(node) {
      if f.leavesRead[node] > 0 {
        parts.append(messages.tr("{read}/{leaves} read", ["read": f.leavesRead[node], "leaves": f.leaves[node]]))
      }
    } else if f.read[node] {
      parts.append(style.readMark)
    }
    if f.answered[node] > 0 || f.toRetry[node] > 0 {
      parts.append(
        messages.tr("{mastered}/{questions} mastered", ["mastered": f.mastered[node], "questions": f.questions[node]]))
    }
    if let best = f.best[node] { parts.append(messages.tr("best {percent}%", ["percent": Int(best.rounded())])) }
    if f.toRetry[node] > 0 { parts.append(messages.tr("{count} to retry", ["count": f.toRetry[node]])) }
    guard !parts.isEmpty else { return nil }
    if parts.count > 1, parts[0] == style.readMark {
      return parts[0] + " " + parts.dropFirst().joined(separator: style.separator)
    }
    return parts.joined(separator: style.separator)
  }

  /// Questions of the node's subtree due today (`StudyFigures.dueToday`); worked out again only
  /// after an answer or once the study day has ended, so listing rows stays cheap.
  func dueCount(of node: Int) -> Int {
    let now = clock.now()
    if let dueNow, dueNow.version == version, dueNow.at <= now, now < dueNow.until {
      return dueNow.counts[node]
    }
    let end = studyDay.end(of: now)
    let counts = StudyFigures.dueToday(course: course, memories: reviewBook().memories, before: end)
    dueNow = (version, now, end, counts)
    return counts[node]
  }

  package func infoFields(of node: Int, in course: Course) -> [(String, String)] {
    let state = store.state
    let f = figures()
    let key = course.key(of: node)
    let record = state.nodes[key]
    let startReads = course.nodes[node].details?.browseCount ?? 0
    let browsed = startReads + (record?.browseCount ?? 0)
    var read = f.read[node] ? messages.trc("part was read", "yes") : messages.trc("part was read", "no")
    if course.hasChildren(node) {
      read = messages.tr(
        "{answer} ({read} of {leaves} parts)", ["answer": read, "read": f.leavesRead[node], "leaves": f.leaves[node]])
    }
    var lines = [
      (messages.tr("read"), read),
      (messages.tr("browsed"), messages.trn("{count} time", "{count} times", count: browsed)),
    ]
    // First and last studied: answers and skips only (opening a part, as `info` just did, is not study).
    if let first = f.firstStudied[node] { lines.append((messages.tr("first studied"), messages.dateTime(first))) }
    if let last = f.lastStudied[node] { lines.append((messages.tr("last studied"), messages.dateTime(last))) }
    if f.sessions[node] > 0 {
      lines.append(
        (messages.tr("sessions"), messages.trn("{count} session", "{count} sessions", count: f.sessions[node])))
    }
    if let best = f.best[node], let last = f.last[node] {
      lines.append(
        (
          messages.tr("score"),
          messages.tr(
            "best {best}, last {last} (finished sessions on this node)",
            ["best": Self.percent(best), "last": Self.percent(last)])
        ))
    }
    if f.questions[node] > 0 {
      let progress = course.questions(inSubtreeOf: node).compactMap { state.questions[$0.id] }
      let attempts = progress.reduce(0) { $0 + $1.attempts }
      let correct = progress.reduce(0) { $0 + $1.correct }
      let partialCredit = progress.reduce(0) { $0 + $1.partialCredit }
      let mastered: KeyValuePairs<String, Any> = [
        "mastered": f.mastered[node], "questions": f.questions[node], "retry": f.toRetry[node],
        "percent": f.mastery(of: node).map(Self.percent) ?? "",
      ]
      lines.append(
        (
          messages.tr("mastery"),
          f.mastery(of: node) == nil
            ? messages.tr("{mastered}/{questions} mastered, {retry} to retry", mastered)
            : messages.tr("{mastered}/{questions} mastered ({percent}), {retry} to retry", mastered)
        ))
      if let accuracy = StudyFigures.accuracy(right: correct, partialCredit: partialCredit, answers: attempts) {
        lines.append(
          (
            messages.tr("answers"),
            partialCredit > 0
              // Partly right answers count by their credit: said, so the percentage adds up.
              ? messages.tr(
                "{attempts}, {right} right, partly right ones worth {credit} more ({percent}); {tried}/{questions} questions tried",
                [
                  "attempts": attempts, "right": correct, "credit": CreditText.marks(partialCredit),
                  "percent": Self.percent(accuracy), "tried": f.answered[node], "questions": f.questions[node],
                ])
              : messages.tr(
                "{attempts}, {right} right ({percent}); {tried}/{questions} questions tried",
                [
                  "attempts": attempts, "right": correct,
                  "percent": Self.percent(accuracy), "tried": f.answered[node],
                  "questions": f.questions[node],
                ])
          ))
      }
    }
    return lines
  }
}
