/// Where each question's latest answer in a session is, and the figures its score was last
/// computed from: what an `override` record needs, so folding n of them costs O(n), not a search
/// (or a rescore) over the session's answers each.
///
/// Built from the session's answers at its first override and brought up to date at each later
/// one (answers are only ever appended). Derived data: every index is equal to every other, so it
/// changes neither a session's equality nor its hash.
///
/// ```swift
/// var index = AnswerIndex()
/// index.catchUp(with: session.answers)
/// index.latest["q1"]  // the position of q1's latest answer
/// ```
struct AnswerIndex: Sendable, Hashable {
  /// How many of the answers are indexed (the first `count`).
  private(set) var count = 0
  /// The position of each question's latest answer.
  private(set) var latest: [String: Int] = [:]
  /// The credit and graded questions an ended session was last scored from after an override, with
  /// how many answers, skips and responses it had then: a later override adds to the credit
  /// rather than summing every answer again, unless the session has changed since.
  var scoreBasis: (counts: [Int], credit: Double, graded: Int)?

  /// Indexes the answers added since the last call; starts over if the list got shorter (replaced).
  mutating func catchUp(with answers: [SessionAnswer]) {
    if count > answers.count { self = AnswerIndex() }
    while count < answers.count {
      latest[answers[count].questionID] = count
      count += 1
    }
  }

  static func == (_: AnswerIndex, _: AnswerIndex) -> Bool { true }
  func hash(into hasher: inout Hasher) {}
}
