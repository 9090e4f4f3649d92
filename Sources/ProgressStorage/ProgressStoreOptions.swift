package import Foundation

/// Tuning for a `ProgressStore`; the defaults suit the terminal app.
///
/// ```swift
/// var options = ProgressStoreOptions()
/// options.lockTimeout = 1
/// let store = try ProgressStore(directory: dir, options: options)
/// ```
package struct ProgressStoreOptions: Sendable {
  /// Seconds to wait for another process to release the lock before failing.
  package var lockTimeout: Double = 5
  /// At open, fold the journal into the snapshot when it holds at least this many records. Start-up
  /// reads the journal whole, so this bounds its cost (1,000 records take a few milliseconds).
  package var compactionThreshold = 1_000
  /// Identifies this store's records in the journal; must be unique per open store. Random by default.
  package var writerID: String?
  /// Permissions of newly created files (existing files keep theirs).
  package var fileMode: UInt32 = 0o600
  /// The clock used to name files set aside (`journal.jsonl.corrupt-<UTC time>`).
  package var now: @Sendable () -> Date = { Date() }

  package init() {}
}
