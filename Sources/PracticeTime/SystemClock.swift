package import Foundation

/// The wall clock.
///
/// ```swift
/// SystemClock().now()  // the current date
/// ```
package struct SystemClock: PracticeClock {
  package init() {}

  package func now() -> Date { Date() }
}
