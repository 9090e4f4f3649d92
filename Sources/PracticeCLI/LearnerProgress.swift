import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTime
import ProgressStorage
import QuizEngine
import Scheduling

/// One learner's progress in one course: records what the shell does and tells `ls` and `info` what is known.
///
/// A class because it owns the open `ProgressStore` (a lock and a journal descriptor).
/// Figures start from what the course data says (seed 002's `hadRead` and
/// `browseCount`) and add what was recorded.
public final class LearnerProgress: ProgressRecorder, NodeStatusProvider, ReviewBookProvider {
  public let store: ProgressStore
  let course: Course
  let style: OutputStyle
  /// The catalog the status column and `info` speak through.
  public var messages = Localizer.english
  /// The clock the outline's due counts are read against.
  let clock: any PracticeClock
  private var cache: Aggregates?
  private var cachedVersion = -1
  private var version = 0
  /// Replayed from the history on first use, then kept current answer by answer.
  private var book: ReviewBook?
  /// Due counts per node, right from `at` until the next question falls due.
  private var dueNow: (version: Int, at: Date, until: Date, counts: [Int])?

  public init(store: ProgressStore, course: Course, style: OutputStyle, clock: any PracticeClock = SystemClock()) {
    self.store = store
    self.course = course
    self.style = style
    self.clock = clock
  }

  public func reviewBook() -> ReviewBook {
    if let book { return book }
    let built = ReviewBook(history: store.state.reviewHistory)
    book = built
    return built
  }

  // MARK: Recording

  public func nodeOpened(key: String, at date: Date) throws {
    try store.record(.nodeOpened(node: key, at: date))
    version += 1
  }

  public func sessionStarted(id: String, nodeKey: String, questionIDs: [String], at date: Date) throws {
    try store.record(.sessionStarted(session: id, node: nodeKey, questions: questionIDs, at: date))
    version += 1
  }

  public func answered(
    sessionID: String, questionID: String, nodeKey: String, input: String, isCorrect: Bool,
    review: ReviewMark, at date: Date
  ) throws {
    try store.record(
      .answered(
        session: sessionID, question: questionID, node: nodeKey, given: input, correct: isCorrect, at: date,
        review: review))
    version += 1
    book?.record(
      questionID: questionID, rating: Rating(rawValue: review.rating) ?? .good, correct: isCorrect, at: date,
      fuzz: review.fuzz)
  }

  public func skipped(sessionID: String, questionID: String, nodeKey: String, review: ReviewMark, at date: Date) throws
  {
    try store.record(.skipped(session: sessionID, question: questionID, node: nodeKey, at: date, review: review))
    version += 1
    book?.record(
      questionID: questionID, rating: Rating(rawValue: review.rating) ?? .again, correct: false, at: date,
      fuzz: review.fuzz)
  }

  public func overruled(sessionID: String, questionID: String, nodeKey: String, at date: Date) throws {
    try store.record(.overruled(session: sessionID, question: questionID, node: nodeKey, at: date))
    version += 1
    // The overruled answer now counts as Hard, not Again: replay the history with it.
    book = nil
  }

  public func sessionEnded(id: String, summary: SessionSummary, at date: Date) throws {
    let score = summary.answered > 0 ? Double(summary.score) : nil
    try store.record(.sessionEnded(session: id, at: date, score: score, endedEarly: summary.endedEarly))
    version += 1
  }

  public func saveExpandedNodes(_ keys: [String]) throws {
    try store.saveViewState(ViewState(expandedNodes: keys))
  }

  /// The node indices expanded when the last run ended.
  public func restoredExpansion() -> [Int] {
    guard let keys = try? store.loadViewState().expandedNodes, !keys.isEmpty else { return [] }
    var indexByKey: [String: Int] = [:]
    for i in course.nodes.indices where course.hasChildren(i) { indexByKey[course.key(of: i)] = i }
    return keys.compactMap { indexByKey[$0] }
  }

  // MARK: Status

  /// Per node: read, and best score; leaves counted for parents' `read/leaves`.
  struct Aggregates {
    var read: [Bool]
    var best: [Int?]
    var readLeaves: [Int]
    var leaves: [Int]
    /// Mean of the best scores of practised nodes in the subtree.
    var subtreeScore: [Int?]
  }

  func aggregates() -> Aggregates {
    if let cache, cachedVersion == version { return cache }
    let state = store.state
    let n = course.count
    var read = [Bool](repeating: false, count: n)
    var best = [Int?](repeating: nil, count: n)
    for i in 0..<n where course.nodes[i].details?.hadRead == true { read[i] = true }
    // Look up only the keys that have records: the course may have a million nodes and few of them studied.
    for (key, record) in state.nodes where record.hadRead {
      if let i = index(ofKey: key) { read[i] = true }
    }
    for session in state.sessions.values {
      guard let i = index(ofKey: session.node), let score = Self.score(of: session) else { continue }
      best[i] = max(best[i] ?? 0, score)
    }
    var readLeaves = [Int](repeating: 0, count: n)
    var leaves = [Int](repeating: 0, count: n)
    var scoreSum = [Int](repeating: 0, count: n)
    var scoreCount = [Int](repeating: 0, count: n)
    // Children come after parents in preorder, so a backward pass sums subtrees.
    for i in stride(from: n - 1, through: 0, by: -1) {
      if !course.hasChildren(i) {
        leaves[i] += 1
        if read[i] { readLeaves[i] += 1 }
      }
      if let b = best[i] {
        scoreSum[i] += b
        scoreCount[i] += 1
      }
      if let p = course.nodes[i].parent {
        leaves[p] += leaves[i]
        readLeaves[p] += readLeaves[i]
        scoreSum[p] += scoreSum[i]
        scoreCount[p] += scoreCount[i]
      }
    }
    let subtreeScore = (0..<n).map {
      scoreCount[$0] > 0 ? Int((Double(scoreSum[$0]) / Double(scoreCount[$0])).rounded()) : nil
    }
    let result = Aggregates(read: read, best: best, readLeaves: readLeaves, leaves: leaves, subtreeScore: subtreeScore)
    cache = result
    cachedVersion = version
    return result
  }

  /// The node a progress key names (`#ID` or an outline path), if the course still has it.
  func index(ofKey key: String) -> Int? {
    guard let address = NodeAddress(key), let i = course.index(of: address), course.key(of: i) == key else {
      return nil
    }
    return i
  }

  /// A session's score in percent: as recorded at its end, else from the answers it has.
  static func score(of session: SessionRecord) -> Int? {
    if let score = session.score { return Int(score.rounded()) }
    guard !session.answers.isEmpty else { return nil }
    let right = session.answers.filter(\.correct).count
    return Int((Double(right) * 100 / Double(session.answers.count)).rounded())
  }

  public func status(of node: Int, in course: Course) -> String? {
    let due = dueCount(of: node)
    let dueText = messages.tr("{count} due", ["count": due])
    guard var text = progressStatus(of: node, in: course) else { return due > 0 ? dueText : nil }
    if due > 0 { text += "  " + dueText }
    return text
  }

  private func progressStatus(of node: Int, in course: Course) -> String? {
    let a = aggregates()
    if course.hasChildren(node) {
      guard a.readLeaves[node] > 0 || a.subtreeScore[node] != nil else { return nil }
      var text = messages.tr("{read}/{leaves} read", ["read": a.readLeaves[node], "leaves": a.leaves[node]])
      if let s = a.subtreeScore[node] { text += "  \(s)%" }
      return text
    }
    guard a.read[node] || a.best[node] != nil else { return nil }
    var text = a.read[node] ? style.readMark : " "
    if let b = a.best[node] { text += "  " + messages.tr("best {percent}%", ["percent": b]) }
    return text
  }

  /// Questions due now in the node's subtree; worked out again only after an answer or once
  /// another question has fallen due, so listing rows stays cheap.
  func dueCount(of node: Int) -> Int {
    let now = clock.now()
    if let dueNow, dueNow.version == version, dueNow.at <= now, now < dueNow.until {
      return dueNow.counts[node]
    }
    let memories = reviewBook().memories
    let until = memories.values.lazy.map(\.due).filter { $0 > now }.min() ?? .distantFuture
    var counts = [Int](repeating: 0, count: course.count)
    if !memories.isEmpty {
      for index in course.nodes.indices {
        for question in course.nodes[index].questions where (memories[question.id]?.due ?? .distantFuture) <= now {
          counts[index] += 1
        }
      }
      for index in course.nodes.indices.reversed() {
        if let parent = course.nodes[index].parent { counts[parent] += counts[index] }
      }
    }
    dueNow = (version, now, until, counts)
    return counts[node]
  }

  public func infoFields(of node: Int, in course: Course) -> [(String, String)] {
    let state = store.state
    let key = course.key(of: node)
    let record = state.nodes[key]
    let startReads = course.nodes[node].details?.browseCount ?? 0
    let read = (course.nodes[node].details?.hadRead ?? false) || (record?.hadRead ?? false)
    let browsed = startReads + (record?.browseCount ?? 0)
    var lines = [
      (messages.tr("read"), read ? messages.trc("node was read", "yes") : messages.trc("node was read", "no")),
      (messages.tr("browsed"), messages.trn("{count} time", "{count} times", count: browsed)),
    ]
    if let first = record?.firstStudied { lines.append((messages.tr("first studied"), UTCTime.iso8601(first))) }
    if let last = record?.lastStudied { lines.append((messages.tr("last studied"), UTCTime.iso8601(last))) }
    let subtreeKeys = Set((node..<course.nodes[node].subtreeEnd).map { course.key(of: $0) })
    let sessions = state.sessionsByStart.filter { subtreeKeys.contains($0.node) }
    if !sessions.isEmpty {
      let scores = sessions.compactMap { Self.score(of: $0) }
      let count = sessions.count
      lines.append(
        (
          messages.tr("sessions"),
          scores.isEmpty
            ? "\(count)"
            : messages.tr(
              "{count}, best {best}%, last {last}%", ["count": count, "best": scores.max()!, "last": scores.last!])
        ))
    }
    let questions = course.questions(inSubtreeOf: node)
    if !questions.isEmpty {
      let progress = questions.compactMap { state.questions[$0.id] }
      let attempts = progress.reduce(0) { $0 + $1.attempts }
      let correct = progress.reduce(0) { $0 + $1.correct }
      let mastered = progress.filter { $0.answeredRight(lastTimes: 2) }.count
      if attempts > 0 {
        let percent = Int((Double(correct) * 100 / Double(attempts)).rounded())
        lines.append(
          (
            messages.tr("answers"),
            messages.tr(
              "{attempts}, {right} right ({percent}%); {tried}/{questions} questions tried, {mastered} mastered",
              [
                "attempts": attempts, "right": correct, "percent": percent, "tried": progress.count,
                "questions": questions.count, "mastered": mastered,
              ])
          ))
      }
    }
    return lines
  }
}
