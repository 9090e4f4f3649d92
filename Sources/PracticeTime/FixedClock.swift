import Foundation

/// A clock stopped at one date; it never advances, so tests and transcripts stay reproducible.
///
/// ```swift
/// let clock = FixedClock(Date(timeIntervalSince1970: 0))
/// clock.now() == clock.now()  // true
/// ```
public struct FixedClock: PracticeClock, Equatable {
  public var date: Date

  public init(_ date: Date) {
    self.date = date
  }

  public func now() -> Date { date }
}
