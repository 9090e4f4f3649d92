package import Foundation
package import Scheduling

/// Everything recorded for one user and course, folded from the events.
///
/// Folding is a sum, so events from two processes merge in any interleaving.
///
/// ```swift
/// var state = ProgressState()
/// state.apply(.nodeOpened(node: "ch1", at: Date()))
/// state.nodes["ch1"]?.browseCount  // 1
/// ```
package struct ProgressState: Sendable, Hashable {
  package var nodes: [String: NodeProgress] = [:]
  package var questions: [String: QuestionProgress] = [:]
  package var sessions: [String: SessionRecord] = [:]
  /// The highest sequence number applied per writer id; replay skips anything at or below it.
  package var appliedSequence: [String: Int] = [:]
  /// Sessions compaction folded into sums, and the review memories as of then (empty in a state
  /// read from the whole history, where every session is in `sessions`).
  package var earlier = EarlierHistory()
  /// The FSRS parameters chosen over time (none: the defaults throughout).
  package var parameterTimeline = ParameterTimeline()

  package init() {}

  /// The sessions, oldest first (ties broken by id, so the order is stable).
  package var sessionsByStart: [SessionRecord] {
    sessions.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
  }

  /// Folds one event in, whoever wrote it.
  package mutating func apply(_ event: ProgressEvent) {
    switch event {
    case .nodeOpened(let node, let at):
      var progress = nodes[node] ?? NodeProgress()
      progress.hadRead = true
      progress.browseCount += 1
      progress.firstStudied = min(progress.firstStudied ?? at, at)
      progress.lastStudied = max(progress.lastStudied ?? at, at)
      nodes[node] = progress

    case .sessionStarted(let id, let node, let questionIDs, let at, let kind, let seed):
      var session = sessions[id] ?? SessionRecord(id: id, node: node, start: at)
      session.node = node
      session.start = at
      session.questionIDs = questionIDs
      session.kind = kind
      session.seed = seed
      sessions[id] = session

    case .sessionResumed(let id, let at):
      // Changed in place: a copy of the session would copy its resumes at every record.
      sessions[id, default: SessionRecord(id: id, node: "", start: at)].resumes.append(at)
      // Open again until it ends again.
      sessions[id]?.end = nil

    case .answered(
      let id, let questionID, let node, let given, let correct, let at, let review, let fraction, let values):
      // Changed in place (`default:` subscripts): one hash each and no copy of the arrays inside,
      // which matters when a first start folds a million answers.
      // A review is not a reading of the part: its answers are counted apart (`readByAnswer`).
      questions[questionID, default: QuestionProgress()].fold(
        correct: correct, at: at, session: id, reading: sessions[id]?.readsParts ?? true,
        fraction: correct ? nil : fraction)
      if review?.hinted == true { questions[questionID, default: QuestionProgress()].hints += 1 }
      // An answer whose start was lost (e.g. cut off as a torn line) still counts.
      sessions[id, default: SessionRecord(id: id, node: node, start: at)].answers.append(
        SessionAnswer(
          questionID: questionID, given: given, correct: correct, time: at, review: review, fraction: fraction,
          values: values))

    case .responded(let id, let questionID, let node, let text, let at):
      // Graded by no one: no question progress, no answer; the session keeps what was written.
      sessions[id, default: SessionRecord(id: id, node: node, start: at)].responses.append(
        SessionResponse(questionID: questionID, text: text, time: at))

    case .skipped(let id, let questionID, let node, let at, let review, let values):
      questions[questionID, default: QuestionProgress()].skippedLast = true
      if review.hinted { questions[questionID, default: QuestionProgress()].hints += 1 }
      sessions[id, default: SessionRecord(id: id, node: node, start: at)].skips.append(
        SessionAnswer(questionID: questionID, given: "", correct: false, time: at, review: review, values: values))

    case .overruled(let id, let questionID, _, _):
      // Only a wrong answer already folded in can be overruled, and only once; anything else is a no-op.
      // Changed in place and found by the session's index: a copy or a search per record made
      // folding n overrides O(n²).
      guard let (time, fraction) = sessions[id]?.overrule(questionID) else { return }
      var progress = questions[questionID] ?? QuestionProgress()
      progress.correct += 1
      // Its partial credit becomes full credit.
      if let fraction { progress.partialCredit = max(0, progress.partialCredit - fraction) }
      progress.overruled += 1
      // Only when the overruled answer is the latest: not when another session's answer of the
      // same millisecond was recorded after it (`sql/class-report.sql` orders the same way).
      if progress.isLatest(session: id, time: time) {
        progress.lastCorrect = true
        if let last = progress.recentResults.indices.last { progress.recentResults[last] = true }
      }
      questions[questionID] = progress

    case .hintShown(let id, let questionID, _, _):
      // The question the session is on has its hint shown: a resume at it counts the hint even
      // when the program died before the answer (or an end) was written. Counted by the answer,
      // and no figure's: unlike an answer it makes no session whose start was lost (which would
      // then start at the hint; `sql/class-report.sql` starts it at its first answer, skip or response).
      sessions[id]?.hintedQuestion = questionID

    case .sessionEnded(let id, let at, let score, let endedEarly, let hinted):
      var session = sessions[id] ?? SessionRecord(id: id, node: "", start: at)
      session.end = at
      session.score = score
      session.endedEarly = endedEarly
      // The latest end (or hint record) says which question was left with its hint shown.
      session.hintedQuestion = hinted
      sessions[id] = session

    case .parametersChosen(let choice):
      parameterTimeline.add(choice)
    }
  }

  /// Folds a journal record in unless this writer's sequence number was already applied.
  /// Returns whether it was applied.
  @discardableResult
  mutating func apply(_ record: JournalRecord) -> Bool {
    // One lookup: a writer not seen yet gets `.min`, below any sequence number.
    func advance(_ seen: inout Int) -> Bool {
      guard record.sequence > seen else { return false }
      seen = record.sequence
      return true
    }
    guard advance(&appliedSequence[record.writer, default: .min]) else { return false }
    apply(record.event)
    return true
  }

  /// Folds the sessions start-up no longer needs into `earlier`, so the snapshot stays small
  /// however long the history; compaction calls it (every answer stays in the journal's segments).
  ///
  /// The moment is `margin` before the latest activity recorded. Every answer and skip before it
  /// goes into the review memories, replayed in order; every session that ended and had no
  /// activity since it is summed per node and kind and dropped, except each node's latest-started
  /// full session and the full session with the latest activity (what `start` offers to resume
  /// and `resume` takes up). A session active within the margin stays whole, so an `!!` or a
  /// second program's late record still finds it.
  package mutating func retireOldSessions(margin: TimeInterval = 86_400, scheduler fixed: FSRSScheduler? = nil) {
    func latest(_ session: SessionRecord) -> Date { max(session.end ?? session.lastActivity, session.lastActivity) }
    guard let newest = sessions.values.lazy.map(latest).max() else { return }
    let cutoff = max(newest.addingTimeInterval(-margin), earlier.reviewedThrough ?? .distantPast)
    var folded = false
    for event in reviewHistory where event.time < cutoff {
      folded = true
      let before = earlier.reviews[event.questionID]
      let scheduler = fixed ?? parameterTimeline.scheduler(at: event.time)
      earlier.reviews[event.questionID] = ReviewTally(
        memory: scheduler.review(
          before?.memory ?? .new(due: event.time), rating: event.rating, at: event.time, fuzz: event.fuzz),
        lastRight: event.correct, first: before?.first ?? event.time)
    }
    // Left unset while nothing was folded, so a short history reads the same as before.
    if folded { earlier.reviewedThrough = cutoff }
    var latestOnNode: [String: SessionRecord] = [:]
    var latestActive: SessionRecord?
    for session in sessions.values where session.kind == .full {
      if let seen = latestOnNode[session.node], (seen.start, seen.id) > (session.start, session.id) {
      } else {
        latestOnNode[session.node] = session
      }
      if let seen = latestActive, (seen.lastActivity, seen.id) > (session.lastActivity, session.id) {
      } else {
        latestActive = session
      }
    }
    var keep = Set(latestOnNode.values.map(\.id))
    if let latestActive { keep.insert(latestActive.id) }
    // Built anew rather than removed from one by one: most sessions go, and removing while
    // iterating copies the whole dictionary first.
    var kept: [String: SessionRecord] = [:]
    for (id, session) in sessions {
      guard session.end != nil, latest(session) < cutoff, !keep.contains(id) else {
        kept[id] = session
        continue
      }
      let key = SessionTally.Key(session)
      earlier.sessions[key, default: SessionTally(key: key)].add(session)
    }
    sessions = kept
  }
}
