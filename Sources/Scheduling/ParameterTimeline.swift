package import Foundation

/// Which FSRS parameters scheduled a review: the defaults until parameters were chosen, then each
/// choice from its time on. Replaying a history through the timeline gives every review the due
/// time it had when it was made, however often parameters change later.
///
/// ```swift
/// var timeline = ParameterTimeline()
/// timeline.add(.init(time: monday, parameters: fitted, source: .own, reviews: 812))
/// timeline.scheduler(at: sunday)   // the defaults
/// timeline.scheduler(at: tuesday)  // the fitted parameters
/// ```
package struct ParameterTimeline: Sendable, Hashable {
  /// Where chosen parameters came from.
  package enum Source: String, Sendable, Hashable {
    /// Fitted to the learner's own reviews.
    case own
    /// Fitted to the class's reviews pooled, by the teacher.
    case `class`
  }

  /// Parameters chosen at a time.
  package struct Choice: Sendable, Hashable {
    package var time: Date
    package var parameters: [Double]
    package var source: Source
    /// The reviews they were fitted on (a day or more after the previous), for the reader.
    package var reviews: Int

    package init(time: Date, parameters: [Double], source: Source, reviews: Int) {
      self.time = time
      self.parameters = parameters
      self.source = source
      self.reviews = reviews
    }
  }

  /// The choices, oldest first.
  package private(set) var choices: [Choice] = []
  private var schedulers: [FSRSScheduler] = []

  package init(_ choices: [Choice] = []) {
    for choice in choices { add(choice) }
  }

  /// Adds a choice; kept in time order (equal times: the later added wins).
  package mutating func add(_ choice: Choice) {
    let index = choices.firstIndex { $0.time > choice.time } ?? choices.count
    choices.insert(choice, at: index)
    schedulers.insert(FSRSScheduler(parameters: choice.parameters), at: index)
  }

  /// The choice in force at `time`: the latest at or before it; nil before any (the defaults).
  package func choice(at time: Date) -> Choice? {
    guard let index = lastIndex(atOrBefore: time) else { return nil }
    return choices[index]
  }

  /// The scheduler in force at `time`.
  package func scheduler(at time: Date) -> FSRSScheduler {
    guard let index = lastIndex(atOrBefore: time) else { return .standard }
    return schedulers[index]
  }

  /// The choice in force now: the latest.
  package var current: Choice? { choices.last }

  private func lastIndex(atOrBefore time: Date) -> Int? {
    // Few choices in a lifetime: a backward scan.
    choices.lastIndex { $0.time <= time }
  }

  /// Whether the parameters are FSRS-6's: 21 finite values within the optimiser's bounds.
  package static func areValid(_ parameters: [Double]) -> Bool {
    parameters.count == 21
      && parameters.indices.allSatisfy {
        parameters[$0].isFinite && parameters[$0] >= FSRSOptimizer.lowerBounds[$0]
          && parameters[$0] <= FSRSOptimizer.upperBounds[$0]
      }
  }
}
