import PracticeJSON
import Synchronization

/// The JSON tree of the last course loaded, kept so that freeing it waits until nobody waits.
///
/// A course's tree is thousands of small objects, and freeing them cost about a sixth of the time
/// to the first prompt (callgrind on the shipped course: 1.0M of 5.9M instructions). The loader
/// hands the tree here once the course is built and checked; an interactive shell frees it while
/// the learner reads the prompt (`releaseNow()`), and a run that ends first leaves it to the exit.
/// At most one tree is held, and only a small course's: holding the next frees the one before.
///
/// ```swift
/// DeferredRelease.hold(root, ofBytes: bytes.count)  // after building the course
/// DeferredRelease.releaseNow()                       // at the prompt, before waiting for a line
/// ```
package enum DeferredRelease {
  /// Trees of larger files are freed at once: their load takes long anyway, and holding them
  /// through a session would keep several times the file's size in memory.
  static let largestHeldFile = 1_048_576

  private static let held = Mutex<JSONValue?>(nil)

  /// Keeps `tree`, parsed from `byteCount` bytes, until `releaseNow()` or the next `hold`.
  static func hold(_ tree: JSONValue, ofBytes byteCount: Int) {
    guard byteCount <= largestHeldFile else { return }
    // The one before is freed here, outside the lock.
    let previous = held.withLock { slot in
      let previous = slot
      slot = tree
      return previous
    }
    _ = previous
  }

  /// Frees the tree held, if any, and hands what a large load freed back to the system (`LoadHeap`).
  package static func releaseNow() {
    let tree = held.withLock { slot in
      let tree = slot
      slot = nil
      return tree
    }
    _ = tree
    LoadHeap.returnFreedMemory()
  }

  /// Whether a tree is held (for tests).
  static var isHolding: Bool { held.withLock { $0 != nil } }
}
