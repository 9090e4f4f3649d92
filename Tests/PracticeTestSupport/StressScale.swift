import Foundation

/// How hard the long fault tests push: a quick slice in `make test`, every case in `make stress`
/// (which sets `PRACTICE_STRESS=1`).
///
/// ```swift
/// for _ in 0..<StressScale.pick(quick: 20, stress: 100) { … }
/// ```
package enum StressScale {
  package static let isStress = ProcessInfo.processInfo.environment["PRACTICE_STRESS"] == "1"

  /// `stress` under `make stress`, else `quick`.
  package static func pick(quick: Int, stress: Int) -> Int { isStress ? stress : quick }
}
