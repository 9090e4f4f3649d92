package import Foundation

/// Where the caller gets the time it passes to a session; inject a ``FixedClock`` in tests.
///
/// ```swift
/// let clock: any PracticeClock = SystemClock()
/// session.answer("a", at: clock.now())
/// ```
package protocol PracticeClock: Sendable {
  func now() -> Date
}
