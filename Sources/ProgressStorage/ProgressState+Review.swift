package import Foundation
package import Scheduling

/// One rated answer or skip from the history, as the review scheduler replays it.
///
/// ```swift
/// for review in state.reviewHistory where review.questionID == "q7" { print(review.rating) }
/// ```
package struct ReviewEvent: Sendable, Hashable {
  package var questionID: String
  package var time: Date
  package var rating: Rating
  package var fuzz: Double?
  /// Whether it was a right answer (a skip is not).
  package var correct: Bool
}

extension ProgressState {
  /// Every answer and skip since `earlier.reviewedThrough` (all of them when nothing was folded), oldest first, with the rating it gave: Hard for an answer overruled
  /// with `!!` (right, but only by the learner's word); else the recorded one, or for an answer
  /// recorded before ratings were kept, Good when right and Again when wrong.
  package var reviewHistory: [ReviewEvent] {
    // Those before it are already in `earlier.reviews`.
    let from = earlier.reviewedThrough ?? .distantPast
    // Sorted by integers, not by session id strings: a first start sorts a million of them. A
    // session's rank in id order stands for its id, and equal times fall back to it.
    let byID = sessions.values.sorted { $0.id < $1.id }
    var events: [ReviewEvent] = []
    var keys: [(time: Date, session: Int, index: Int, event: Int)] = []
    for (rank, session) in byID.enumerated() {
      // Answers and skips of one session interleave by time; the index keeps equal times in order.
      for (index, item) in (session.answers + session.skips).enumerated() where item.time >= from {
        let recorded = item.review.flatMap { Rating(rawValue: $0.rating) }
        let rating = item.overruled ? .hard : recorded ?? (item.correct ? .good : .again)
        keys.append((item.time, rank, index, events.count))
        events.append(
          ReviewEvent(
            questionID: item.questionID, time: item.time, rating: rating, fuzz: item.review?.fuzz,
            correct: item.correct))
      }
    }
    keys.sort { ($0.time, $0.session, $0.index) < ($1.time, $1.session, $1.index) }
    return keys.map { events[$0.event] }
  }

  /// Each reviewed question's FSRS memory: `earlier.reviews`, then `reviewHistory` replayed, each
  /// review with the parameters in force when it was made (`parameterTimeline`), unless `scheduler`
  /// is given.
  ///
  /// ```swift
  /// let due = state.memories().filter { $0.value.due <= now }.count
  /// ```
  package func memories(scheduler fixed: FSRSScheduler? = nil) -> [String: CardMemory] {
    var result = earlier.reviews.mapValues(\.memory)
    for event in reviewHistory {
      let memory = result[event.questionID] ?? .new(due: event.time)
      let scheduler = fixed ?? parameterTimeline.scheduler(at: event.time)
      result[event.questionID] = scheduler.review(
        memory, rating: event.rating, at: event.time, fuzz: event.fuzz)
    }
    return result
  }
}
