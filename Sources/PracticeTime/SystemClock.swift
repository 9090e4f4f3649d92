import Foundation

/// The wall clock.
///
/// ```swift
/// SystemClock().now()  // the current date
/// ```
public struct SystemClock: PracticeClock {
  public init() {}

  public func now() -> Date { Date() }
}
