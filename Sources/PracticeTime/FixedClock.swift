package import Foundation

/// A clock stopped at one date; it never advances, so tests and transcripts stay reproducible.
///
/// ```swift
/// let clock = FixedClock(Date(timeIntervalSince1970: 0))
/// clock.now() == clock.now()  // true
/// ```
package struct FixedClock: PracticeClock, Equatable {
  package var date: Date

  package init(_ date: Date) {
    self.date = date
  }

  package func now() -> Date { date }
}
