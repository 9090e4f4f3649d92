package import Foundation
package import Scheduling

/// One thing a learner did; the journal records these and every count is a fold of them.
///
/// Times are stored to the millisecond.
///
/// ```swift
/// try store.record(.answered(session: "s1", question: "q7", node: "ch1", given: "42", correct: true, at: Date()))
/// ```
package enum ProgressEvent: Sendable, Hashable {
  /// The node was opened: its info viewed or its row tapped.
  case nodeOpened(node: String, at: Date)
  /// A quiz session began on `node`, asking `questions` in this order.
  ///
  /// `kind` says whether it can set the node's best score; `seed` shuffled its questions and
  /// options (nil: the file's order), so a resumed session asks the same way. Both are nil in
  /// records written before sessions had them.
  case sessionStarted(
    session: String, node: String, questions: [String], at: Date, kind: SessionKind? = .full, seed: UInt64? = nil)
  /// An unfinished session was taken up again where it stopped; its later records carry its id.
  case sessionResumed(session: String, at: Date)
  /// One answer given in a session; `review` is the FSRS rating it gave (nil in records made
  /// before ratings were kept: replay then takes Good for right, Again for wrong). `fraction` is
  /// the partial credit of an answer that is not right (between 0 and 1, exclusive); nil for an
  /// answer worth all (right) or nothing, and in records made before partial credit. `values` are
  /// the values a calculated question showed (nil for any other question, and in older records).
  case answered(
    session: String, question: String, node: String, given: String, correct: Bool, at: Date,
    review: ReviewMark? = nil, fraction: Double? = nil, values: ShownValues? = nil)
  /// What the learner wrote to an essay in a session: kept, graded by no one, and counted in no
  /// figure (folding leaves it out).
  case responded(session: String, question: String, node: String, text: String, at: Date)
  /// A question skipped in a session: no answer, but FSRS rates it Again. `values` as for an answer.
  case skipped(
    session: String, question: String, node: String, at: Date, review: ReviewMark, values: ShownValues? = nil)
  /// The learner said their last answer to `question` in `session` was right after all (`!!`).
  ///
  /// The answer's own record keeps the verdict the grader gave; this one is added after it, and
  /// folding counts that answer as right.
  case overruled(session: String, question: String, node: String, at: Date)
  /// The hint of `question` was shown in `session`, written before it is printed: a session killed
  /// before the answer still knows, when resumed, that the answer follows a hint. Counted in no
  /// figure itself (the answer's or skip's own `hint` counts it).
  case hintShown(session: String, question: String, node: String, at: Date)
  /// The session finished (or was left early) with `score` in percent; nil when nothing was answered,
  /// so a session left at its first question does not count as a 0 % result. `hinted` is the
  /// question left open whose hint was shown (nil when none, and in older records): a resumed
  /// session's answer to it counts the hint, as it would have without the break.
  case sessionEnded(session: String, at: Date, score: Double?, endedEarly: Bool, hinted: String? = nil)
  /// FSRS parameters chosen (`practice optimize --apply`, or the class's taken up): reviews from
  /// `choice.time` on are scheduled with them; earlier ones keep the due times they had.
  case parametersChosen(ParameterTimeline.Choice)
}

extension ProgressEvent {
  /// When the event happened.
  package var time: Date {
    switch self {
    case .nodeOpened(_, let at): at
    case .sessionStarted(_, _, _, let at, _, _): at
    case .sessionResumed(_, let at): at
    case .answered(_, _, _, _, _, let at, _, _, _): at
    case .skipped(_, _, _, let at, _, _): at
    case .responded(_, _, _, _, let at): at
    case .sessionEnded(_, let at, _, _, _): at
    case .overruled(_, _, _, let at): at
    case .hintShown(_, _, _, let at): at
    case .parametersChosen(let choice): choice.time
    }
  }
}

extension Date {
  /// Milliseconds since 1970, the unit of every time on disk.
  var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

  init(millisecondsSince1970 ms: Int64) {
    self.init(timeIntervalSince1970: Double(ms) / 1000)
  }

  /// The milliseconds a progress file may hold: 1970-01-01 to 9999-12-31T23:59:59.999Z. A time
  /// outside is a damaged or forged file, and would print as a nonsense date.
  static let storedMilliseconds: ClosedRange<Int64> = 0...253_402_300_799_999

  /// A time read from a progress file; nil outside `storedMilliseconds`.
  init?(storedMilliseconds ms: Int64) {
    guard Self.storedMilliseconds.contains(ms) else { return nil }
    self.init(millisecondsSince1970: ms)
  }
}

/// Counts read from progress files (openings, attempts, sequence numbers) are whole numbers from 0
/// to a trillion: enough for any learner, and far enough from `Int.max` that a report summing
/// them over millions of nodes cannot overflow.
enum StoredCount {
  static let range: ClosedRange<Int> = 0...1_000_000_000_000
}
