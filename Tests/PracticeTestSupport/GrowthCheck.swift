import Foundation
import XCTest

/// Checks that work grows linearly with its input: the time at size 4n over the time at size n,
/// the best of three runs each, must stay under `limit` (linear gives about 4, quadratic 16).
///
/// Sizes are chosen so that a run takes tens of milliseconds: large enough to show the growth,
/// small enough for `make test`; `make stress` repeats the check at full size on the binary.
///
/// ```swift
/// GrowthCheck.assertLinear("one-line XML", base: 300) { n in _ = try? XMLElement.parse(xml(n)) }
/// ```
package enum GrowthCheck {
  /// Seconds for `work` at each size, the best of `runs`.
  package static func seconds(_ size: Int, runs: Int = 3, _ work: (Int) -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      work(size)
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
  }

  /// Fails when `work(4 * base)` takes more than `limit` times `work(base)`.
  package static func assertLinear(
    _ what: String, base: Int, limit: Double = 8, file: StaticString = #filePath, line: UInt = #line,
    _ work: (Int) -> Void
  ) {
    work(base)  // warm up: first-use costs (catalogs, caches) are not growth
    // A run of a few milliseconds is mostly noise on a busy machine: the size doubles (up to 16×)
    // until the small run takes 30 ms.
    var size = base
    var small = seconds(size, work)
    while small < 0.03 && size < 16 * base {
      size *= 2
      small = seconds(size, work)
    }
    var large = seconds(4 * size, work)
    var ratio = large / max(small, 1e-6)
    if ratio >= limit {
      // Measured again once: another process's burst can slow every run of one size, but a
      // quadratic cost shows again (16×), a burst seldom does.
      small = seconds(size, work)
      large = min(large, seconds(4 * size, work))
      ratio = min(ratio, large / max(small, 1e-6))
    }
    XCTAssertLessThan(
      ratio, limit,
      "\(what): 4× the input took \(String(format: "%.1f", ratio))× the time "
        + "(\(String(format: "%.3f", small)) s → \(String(format: "%.3f", large)) s); linear is about 4×",
      file: file, line: line)
  }
}
