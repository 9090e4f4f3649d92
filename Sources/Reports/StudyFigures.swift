package import CourseOutline
package import Foundation
package import ProgressStorage
import QuizEngine
package import Scheduling

/// The figures a learner sees for every node, each with one meaning, folded from the progress state.
///
/// The outline (`ls`, `info`), `mistakes`, every report format and the class report read them from
/// here, so they cannot disagree:
/// - **read**: a leaf is read once opened (its row tapped, `info`, or `hadRead` in the course data)
///   or once any of its questions has a graded answer in a session on a node (`start`, `mistakes`
///   ADDR; a review, or a `mistakes` round of the whole course, is not a reading of the part); a
///   parent is read when every leaf under it is.
/// - **mastered**: questions of the subtree whose current FSRS interval (due minus last review) is
///   at least 21 days: Anki's *mature* (`isMastered`).
/// - **to retry**: questions of the subtree whose latest graded answer is wrong, or that were
///   skipped after it (what `mistakes` practises).
/// - **best** and **last**: the score (right / questions set) of the *finished* full sessions
///   started on the node itself (`start ADDR`, resumed or not); `mistakes` rounds and reviews never set them.
/// - **sessions**: sessions of any kind started on the node or below it with an answer, a skip or an essay response.
/// - **first/last studied**: the first and latest answer or skip to a question of the subtree
///   (browsing never counts).
/// - **new**, **due today**, **time spent**: `isNew`, `dueToday` (with `newToday` and
///   `reviewsToday`, what today's limits leave) and `millisecondsSpent`.
///
/// ```swift
/// let figures = StudyFigures(course: course, state: store.state)
/// figures.mastered[node]  // 9 (of figures.questions[node])
/// ```
package struct StudyFigures: Sendable, Equatable {
  package var read: [Bool]
  /// Leaves in the subtree (1 for a leaf) and how many of them are read.
  package var leaves: NodeCounts
  package var leavesRead: NodeCounts
  /// Questions of the subtree; of them, answered at least once, mastered, and to retry.
  package var questions: NodeCounts
  package var answered: NodeCounts
  /// Questions of the subtree never answered or skipped (`isNew`).
  package var new: NodeCounts
  package var mastered: NodeCounts
  package var toRetry: NodeCounts
  /// Best and last score (percent) of the node's own full sessions, by node index.
  package var best: [Int: Double]
  package var last: [Int: Double]
  /// How many of the node's own full sessions are finished (those best and last are taken from).
  package var scoredFullSessions: [Int: Int]
  /// Sessions of any kind started on the node or below it with at least one answer, skip or essay response.
  package var sessions: NodeCounts
  /// The first and the latest answer or skip to a question of the subtree, by node index (absent: never studied).
  package var firstStudied: [Int: Date]
  package var lastStudied: [Int: Date]
  /// Per node, the most questions a session recorded before kinds were kept asked: such a session
  /// counts as full when it asked that many (a `mistakes` round then asked fewer than the session before it).
  var legacyFullSize: [Int: Int]

  /// A question is mastered once its current interval (due minus last review) reaches this many
  /// days: Anki's *mature*. One good first pass does not master anything; weeks of spaced right answers do.
  package static let masteredInterval: TimeInterval = 21 * 86_400

  /// Whether a question with this memory is mastered (see `masteredInterval`).
  package static func isMastered(_ memory: CardMemory?) -> Bool {
    guard let memory, let last = memory.lastReview else { return false }
    return memory.due.timeIntervalSince(last) >= masteredInterval
  }

  /// The figures of `state`; `memories` are its FSRS memories (`state.memories()` when not given:
  /// the shell passes the ones it keeps current).
  package init(course: Course, state: ProgressState, memories given: [String: CardMemory]? = nil) {
    let memories = given ?? state.memories()
    let n = course.count
    var read = [Bool](repeating: false, count: n)
    best = [:]
    last = [:]
    scoredFullSessions = [:]
    legacyFullSize = [:]
    firstStudied = [:]
    lastStudied = [:]
    sessions = NodeCounts(count: n)
    // Look up only the keys that have records: the course may have a million nodes and few of them studied.
    for (key, record) in state.nodes where record.hadRead {
      if let i = Self.index(ofKey: key, in: course) { read[i] = true }
    }
    var questions = NodeCounts(count: n)
    var answered = NodeCounts(count: n)
    var new = NodeCounts(count: n)
    var mastered = NodeCounts(count: n)
    var toRetry = NodeCounts(count: n)
    var leaves = [Int32](repeating: 0, count: n)
    var leavesRead = [Int32](repeating: 0, count: n)
    // One pass over the nodes, last first and by pointer: children come after their parent in
    // preorder, so each node's leaves are all counted when the pass reaches it. On a million-node
    // course every pass costs the reading of 100 MB of nodes.
    course.nodes.withUnsafeBufferPointer { nodes in
      read.withUnsafeMutableBufferPointer { read in
        leaves.withUnsafeMutableBufferPointer { leaves in
          leavesRead.withUnsafeMutableBufferPointer { leavesRead in
            for i in nodes.indices.reversed() {
              if nodes[i].details?.hadRead == true { read[i] = true }
              if nodes[i].questionCount > 0 {
                // An essay is graded by no one: it counts in no figure. Summaries: a course opened to
                // study has its questions undecoded until a part needs them (`DeferredQuestions`).
                for question in nodes[i].questionSummaries where question.type != .essay {
                  questions[i] += 1
                  let memory = memories[question.id]
                  if Self.isNew(memory) { new[i] += 1 }
                  if Self.isMastered(memory) { mastered[i] += 1 }
                  guard let progress = state.questions[question.id] else { continue }
                  if progress.attempts > 0 { answered[i] += 1 }
                  // A review is not a reading of the part: only answers given elsewhere read it.
                  if progress.readByAnswer { read[i] = true }
                  if progress.needsRetry { toRetry[i] += 1 }
                }
              }
              // A leaf is read as above; a parent when all its leaves are.
              if nodes[i].subtreeEnd == i + 1 {
                leaves[i] += 1
                if read[i] { leavesRead[i] += 1 }
              } else {
                read[i] = leavesRead[i] == leaves[i]
              }
              if let p = nodes[i].parent {
                leaves[p] += leaves[i]
                leavesRead[p] += leavesRead[i]
              }
            }
          }
        }
      }
    }
    questions.sumSubtrees(of: course)
    answered.sumSubtrees(of: course)
    new.sumSubtrees(of: course)
    mastered.sumSubtrees(of: course)
    toRetry.sumSubtrees(of: course)
    (self.questions, self.answered, self.mastered, self.toRetry) = (questions, answered, mastered, toRetry)
    self.new = new
    self.leaves = NodeCounts(leaves)
    self.leavesRead = NodeCounts(leavesRead)
    self.read = read
    for session in state.sessions.values where session.kind == nil {
      guard let i = Self.index(ofKey: session.node, in: course) else { continue }
      legacyFullSize[i] = max(legacyFullSize[i] ?? 0, session.questionIDs.count)
    }
    for key in state.earlier.sessions.keys where key.kind == nil {
      guard let i = Self.index(ofKey: key.node, in: course) else { continue }
      legacyFullSize[i] = max(legacyFullSize[i] ?? 0, key.asked)
    }
    var lastStart: [Int: (Date, String)] = [:]
    func count(_ i: Int, best score: Double, last: Double, started: (Date, String), sessions: Int) {
      best[i] = max(best[i] ?? score, score)
      scoredFullSessions[i, default: 0] += sessions
      if let seen = lastStart[i], seen > started { return }
      lastStart[i] = started
      self.last[i] = last
    }
    for session in state.sessions.values {
      guard let i = Self.index(ofKey: session.node, in: course), isFull(session, on: i), let score = session.result
      else { continue }
      count(i, best: score, last: score, started: (session.start, session.id), sessions: 1)
    }
    // Sessions compaction summed up count as the sessions they were.
    for tally in state.earlier.sessions.values {
      guard let i = Self.index(ofKey: tally.key.node, in: course),
        isFull(kind: tally.key.kind, asked: tally.key.asked, on: i), let score = tally.best,
        let started = tally.lastStart, let lastScore = tally.lastScore
      else { continue }
      count(i, best: score, last: lastScore, started: (started, tally.lastID), sessions: tally.scored)
    }
    // A session left before any answer, skip or essay response is not a session to the learner: not counted.
    var sessions = NodeCounts(count: n)
    for session in state.sessions.values where !session.isEmpty {
      // Sessions on nodes the course no longer has (or of no node: a whole-course review) are left out.
      guard let i = Self.index(ofKey: session.node, in: course) else { continue }
      sessions[i] += 1
    }
    for tally in state.earlier.sessions.values {
      guard let i = Self.index(ofKey: tally.key.node, in: course) else { continue }
      sessions[i] += tally.scored
    }
    sessions.sumSubtrees(of: course)
    self.sessions = sessions
    (firstStudied, lastStudied) = Self.studied(course: course, state: state, memories: memories)
  }

  /// **Time spent** per node, over its subtree, in whole milliseconds: each counted session's
  /// `activeMilliseconds` (from its start and each resume to its last answer, skip or end before the
  /// next resume) on the node it was started on, and what compaction summed up of earlier ones. A
  /// session with no answer, skip or essay response adds none. Every report format and the class report show it,
  /// rounded once to seconds (`ReportFigures.secondsSpent`).
  ///
  /// ```swift
  /// StudyFigures.millisecondsSpent(course: course, state: state)[node]  // 754_300
  /// ```
  package static func millisecondsSpent(course: Course, state: ProgressState) -> [Int64] {
    var spent = [Int64](repeating: 0, count: course.count)
    for session in state.sessions.values where !session.isEmpty {
      // Sessions on nodes the course no longer has (or of no node: a whole-course review) are left out.
      guard let i = index(ofKey: session.node, in: course) else { continue }
      spent[i] = spent[i].plusSaturating(session.activeMilliseconds)
    }
    for tally in state.earlier.sessions.values {
      guard let i = index(ofKey: tally.key.node, in: course) else { continue }
      spent[i] = spent[i].plusSaturating(tally.milliseconds)
    }
    // Preorder puts every child after its parent, so one backward pass sums each subtree.
    for i in stride(from: course.count - 1, through: 0, by: -1) {
      if let parent = course.nodes[i].parent { spent[parent] = spent[parent].plusSaturating(spent[i]) }
    }
    return spent
  }

  /// Sessions of no node (a `review` or `mistakes` round of the whole course) with an answer or a
  /// skip, and their time: the course's total counts them beside its nodes' (a report of the whole
  /// course, `report --class`), as no node does.
  ///
  /// ```swift
  /// let wide = StudyFigures.courseWide(state: state)
  /// total.sessions += wide.sessions
  /// ```
  package static func courseWide(state: ProgressState) -> (sessions: Int, milliseconds: Int64) {
    var sessions = 0
    var milliseconds: Int64 = 0
    for session in state.sessions.values where session.node.isEmpty && !session.isEmpty {
      sessions += 1
      milliseconds = milliseconds.plusSaturating(session.activeMilliseconds)
    }
    for tally in state.earlier.sessions.values where tally.key.node.isEmpty {
      sessions = sessions.plusSaturating(tally.scored)
      milliseconds = milliseconds.plusSaturating(tally.milliseconds)
    }
    return (sessions, milliseconds)
  }

  /// First and last studied per node: the first and the latest answer or skip to a question of its
  /// subtree. Read from what compaction keeps (a question's first review, its memory's last
  /// review), so the running program and a report of the whole history agree.
  static func studied(course: Course, state: ProgressState, memories: [String: CardMemory])
    -> (first: [Int: Date], last: [Int: Date])
  {
    guard !memories.isEmpty else { return ([:], [:]) }
    var firstOf: [String: Date] = [:]
    for (id, tally) in state.earlier.reviews { firstOf[id] = tally.first }
    for session in state.sessions.values {
      for item in session.answers + session.skips where item.time >= state.earlier.reviewedThrough ?? .distantPast {
        firstOf[item.questionID] = min(firstOf[item.questionID] ?? item.time, item.time)
      }
    }
    var first: [Int: Date] = [:]
    var last: [Int: Date] = [:]
    course.nodes.withUnsafeBufferPointer { nodes in
      for i in nodes.indices where nodes[i].questionCount > 0 {
        for question in nodes[i].questionSummaries {
          guard let latest = memories[question.id]?.lastReview else { continue }
          let earliest = firstOf[question.id] ?? latest
          // Up the tree until an ancestor already spans the times: every one above it does too.
          var node: Int? = i
          while let at = node {
            let (f, l) = (first[at], last[at])
            if let f, let l, f <= earliest, l >= latest { break }
            first[at] = min(f ?? earliest, earliest)
            last[at] = max(l ?? latest, latest)
            node = nodes[at].parent
          }
        }
      }
    }
    return (first, last)
  }

  /// Whether a session on `node` counts for best and last: a full session; one recorded before
  /// sessions had a kind counts when it asked as many questions as the largest such session on the
  /// node (a `mistakes` round asked fewer than the session it followed), whatever the course has now.
  package func isFull(_ session: SessionRecord, on node: Int) -> Bool {
    isFull(kind: session.kind, asked: session.questionIDs.count, on: node)
  }

  func isFull(kind: SessionKind?, asked: Int, on node: Int) -> Bool {
    if let kind { return kind == .full }
    return asked > 0 && asked >= (legacyFullSize[node] ?? 0)
  }

  /// The node a progress key names (`#ID` or an outline path), if the course still has it.
  package static func index(ofKey key: String, in course: Course) -> Int? {
    guard let address = NodeAddress(key), let i = course.index(of: address), course.key(of: i) == key else {
      return nil
    }
    return i
  }

  /// The share of the subtree's questions mastered, in percent; nil when it has none.
  package func mastery(of node: Int) -> Double? {
    questions[node] > 0 ? Double(mastered[node]) * 100 / Double(questions[node]) : nil
  }
}
