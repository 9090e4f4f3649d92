package import Foundation
package import PracticeTime
package import ProgressStorage
package import Scheduling

/// Every reviewed question's FSRS memory and what the rating rules need to know of its history.
///
/// Built once by replaying the history, then kept current one answer at a time.
///
/// ```swift
/// var book = ReviewBook(history: state.reviewHistory)
/// book.record(questionID: "q7", rating: .good, correct: true, at: now, fuzz: nil)
/// book.memories["q7"]?.due
/// ```
package struct ReviewBook: Sendable {
  /// The parameters in force over time; a review is scheduled with those of its moment.
  package let timeline: ParameterTimeline
  /// One scheduler for every review instead, when given (tests).
  private let fixedScheduler: FSRSScheduler?
  package private(set) var memories: [String: CardMemory] = [:]
  /// Whether the latest answer to each question was right (a skip counts as not right).
  package private(set) var lastRight: [String: Bool] = [:]
  /// When each question was first answered or skipped.
  package private(set) var firstReview: [String: Date] = [:]

  package init(history: [ReviewEvent] = [], scheduler: FSRSScheduler? = nil, timeline: ParameterTimeline = .init()) {
    self.timeline = timeline
    fixedScheduler = scheduler
    for event in history {
      record(
        questionID: event.questionID, rating: event.rating, correct: event.correct, at: event.time,
        fuzz: event.fuzz)
    }
  }

  /// The book of `state`: the memories compaction folded (`state.earlier.reviews`), then the
  /// answers and skips since replayed.
  ///
  /// ```swift
  /// let book = ReviewBook(state: store.state)
  /// ```
  package init(state: ProgressState, scheduler: FSRSScheduler? = nil) {
    self.init(scheduler: scheduler, timeline: state.parameterTimeline)
    for (id, tally) in state.earlier.reviews {
      memories[id] = tally.memory
      lastRight[id] = tally.lastRight
      firstReview[id] = tally.first
    }
    for event in state.reviewHistory {
      record(
        questionID: event.questionID, rating: event.rating, correct: event.correct, at: event.time, fuzz: event.fuzz)
    }
  }

  package mutating func record(questionID: String, rating: Rating, correct: Bool, at time: Date, fuzz: Double?) {
    let memory = memories[questionID] ?? .new(due: time)
    memories[questionID] = scheduler(at: time).review(memory, rating: rating, at: time, fuzz: fuzz)
    lastRight[questionID] = correct
    if firstReview[questionID] == nil { firstReview[questionID] = time }
  }

  /// The scheduler for a review made at `time`.
  package func scheduler(at time: Date) -> FSRSScheduler { fixedScheduler ?? timeline.scheduler(at: time) }

  /// Questions reviewed (not new) and new questions first answered, in the study day holding `now`.
  package func countsToday(now: Date, studyDay: StudyDay) -> (reviews: Int, new: Int) {
    let start = studyDay.start(of: now)
    var reviews = 0
    var new = 0
    for (id, memory) in memories {
      guard let last = memory.lastReview, last >= start else { continue }
      if let first = firstReview[id], first >= start { new += 1 } else { reviews += 1 }
    }
    return (reviews, new)
  }
}
