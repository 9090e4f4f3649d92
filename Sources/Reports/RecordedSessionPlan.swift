package import CourseOutline
package import ProgressStorage
package import QuizEngine

/// How a recorded session chose and ordered its questions (by its kind), so that its seed orders
/// them and their options again as they were shown: what resuming it rests on, and reading back
/// which options its letters chose (a letter means nothing outside the session that shuffled them).
///
/// ```swift
/// let orders = RecordedSessionPlan.optionOrders(of: record, in: course)
/// orders?["ch2-m01"]   // [3, 1, 0, 2]: option A was the course's fourth choice
/// ```
package struct RecordedSessionPlan: Sendable {
  /// The questions it chose from: its node's, or the course's (a review or mistakes round of the
  /// whole course).
  package var pool: [Question]
  /// The questions its seed ordered (then shuffled their options).
  package var questions: [Question]
  /// A review asks the most overdue first: its order is kept, only options are shuffled.
  package var keepingOrder: Bool
  /// The recorded questions the course still has, in the recorded order (asked as they are when the
  /// course changed since and the seed no longer gives the recorded order).
  package var recorded: [Question]

  /// `record`'s plan in `course`, `node` the index of the node it was on (nil for the whole course).
  package init(of record: SessionRecord, in course: Course, node: Int?) {
    pool = node.map { course.questions(inSubtreeOf: $0) } ?? course.allQuestions
    let byID = Dictionary(pool.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    recorded = record.questionIDs.compactMap { byID[$0] }
    switch record.kind {
    case .review?:
      // Asked in the order chosen (most overdue first), options shuffled by the seed.
      (questions, keepingOrder) = (recorded, true)
    case .mistakes?:
      // Chosen in course order, then shuffled by the seed.
      let wanted = Set(record.questionIDs)
      (questions, keepingOrder) = (pool.filter { wanted.contains($0.id) }, false)
    default:
      (questions, keepingOrder) = (pool, false)
    }
  }

  /// The index of the node `record` was on; nil when it was on the whole course, or when the course
  /// no longer has its node (then ``isGone`` is true).
  package static func node(of record: SessionRecord, in course: Course) -> (index: Int?, isGone: Bool) {
    let node = StudyFigures.index(ofKey: record.node, in: course)
    return (node, node == nil && !(record.node.isEmpty && record.kind != .full))
  }

  /// For each question of `record`, the order its options were shown in (course indices: `[2, 0, 1]`
  /// showed the course's third option as A); empty for a question without options. A session
  /// without a seed showed them in the course's order. Nil when the order cannot be known: the course
  /// no longer has its node, or its seed no longer gives the recorded questions in the recorded order
  /// (questions added or removed since).
  package static func optionOrders(of record: SessionRecord, in course: Course) -> [String: [Int]]? {
    let (node, isGone) = Self.node(of: record, in: course)
    guard !isGone else { return nil }
    let plan = RecordedSessionPlan(of: record, in: course, node: node)
    // The values drawn do not move the options: a fixed value seed spares reading a clock.
    let replay = PracticeSession(
      questions: plan.questions, seed: record.seed, startedAt: record.start, keepingOrder: plan.keepingOrder,
      valueSeed: 0)
    guard replay.presented.map(\.id) == record.questionIDs else { return nil }
    return Dictionary(replay.presented.map { ($0.id, $0.optionOrder) }, uniquingKeysWith: { a, _ in a })
  }
}
