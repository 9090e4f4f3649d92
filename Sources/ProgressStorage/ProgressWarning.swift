/// Something the store repaired on its own; worth showing, but nothing acknowledged was lost.
///
/// ```swift
/// for warning in store.takeWarnings() { print(warning) }
/// ```
public enum ProgressWarning: Sendable, Hashable {
  /// The journal ended in a half-written record (a process stopped mid-write), which was cut off.
  case tornTail(path: String, removedBytes: Int)
  /// Damaged lines in the middle of the journal were dropped; the original was kept as `copy`.
  case corruptRecords(path: String, lines: [Int], firstProblem: String, copy: String)
  /// An older snapshot was upgraded after a backup was written.
  case snapshotMigrated(path: String, from: Int, to: Int, backup: String)
  /// Folding the journal into the snapshot at open failed; the journal still holds everything.
  case compactionFailed(ProgressError)
}

extension ProgressWarning: CustomStringConvertible {
  public var description: String {
    switch self {
    case .tornTail(let path, let removedBytes):
      return
        "Warning: \(path) ended with a half-written record (\(removedBytes) bytes, from a program that stopped mid-write); it was never confirmed as saved and was removed."
    case .corruptRecords(let path, let lines, let firstProblem, let copy):
      let which =
        lines.count == 1
        ? "line \(lines[0])" : "lines " + lines.prefix(10).map(String.init).joined(separator: ", ")
      let more = lines.count > 10 ? " and \(lines.count - 10) more" : ""
      return
        "Warning: \(path) had \(lines.count) damaged record\(lines.count == 1 ? "" : "s") (\(which)\(more); \(firstProblem)); they were skipped, every good record was kept, and the original file was saved as \(copy)."
    case .snapshotMigrated(let path, let from, let to, let backup):
      return
        "Note: \(path) was upgraded from format version \(from) to \(to); the old file was kept as \(backup)."
    case .compactionFailed(let error):
      return
        "Warning: could not compact the progress journal (\(error)); progress is safe in the journal."
    }
  }
}
