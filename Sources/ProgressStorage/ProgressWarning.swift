package import Localization

/// Something the store repaired or set aside on its own; worth showing, but nothing acknowledged was lost.
///
/// ```swift
/// for warning in store.takeWarnings() { print(warning.description(messages)) }
/// ```
package enum ProgressWarning: Sendable, Hashable {
  /// The journal ended in a half-written record (a process stopped mid-write), which was cut off.
  case tornTail(path: String, removedBytes: Int)
  /// Damaged lines in the middle of the journal were dropped; the original was kept as `copy`.
  case corruptRecords(path: String, lines: [Int], firstProblem: Message, copy: String)
  /// An older snapshot was upgraded after a backup was written.
  case snapshotMigrated(path: String, from: Int, to: Int, backup: String)
  /// Folding the journal into the snapshot at open failed; the journal still holds everything.
  case compactionFailed(ProgressError)
  /// The journal holds `count` records of `types` this version does not know (a newer version wrote
  /// them): they stay where they are and are not counted; the journal is not compacted meanwhile.
  case unknownRecords(path: String, count: Int, types: [String])
  /// `view-state.json` did not parse at `line`:`column`; it was renamed to `copy` and the outline opens collapsed.
  case damagedViewState(path: String, line: Int, column: Int, message: Message, copy: String)
}

extension ProgressWarning: CustomStringConvertible {
  package var description: String { description(.english) }

  /// The warning in the learner's language, one line.
  package func description(_ messages: Localizer) -> String {
    switch self {
    case .tornTail(let path, let removedBytes):
      return messages.tr(
        "Warning: {path} ended with a half-written record ({bytes} bytes, from a program that stopped mid-write); it was never confirmed as saved and was removed.",
        ["path": path, "bytes": removedBytes])
    case .corruptRecords(let path, let lines, let firstProblem, let copy):
      var which = messages.list(lines.prefix(10).map(String.init))
      if lines.count > 10 {
        which = messages.tr("{lines} and {more} more", ["lines": which, "more": lines.count - 10])
      }
      return messages.trn(
        "Warning: {path} had {count} damaged record (line {lines}; {problem}); it was skipped, every good record was kept, and the original file was saved as {copy}.",
        "Warning: {path} had {count} damaged records (lines {lines}; {problem}); they were skipped, every good record was kept, and the original file was saved as {copy}.",
        count: lines.count, ["path": path, "lines": which, "problem": messages.tr(firstProblem), "copy": copy])
    case .snapshotMigrated(let path, let from, let to, let backup):
      return messages.tr(
        "Note: {path} was upgraded from format version {from} to {to}; the old file was kept as {backup}.",
        ["path": path, "from": from, "to": to, "backup": backup])
    case .compactionFailed(let error):
      return messages.tr(
        "Warning: could not compact the progress journal ({error}); progress is safe in the journal.",
        ["error": error.description(messages)])
    case .unknownRecords(let path, let count, let types):
      return messages.trn(
        "Warning: {path} holds {count} record of a kind this version does not know ({types}), written by a newer version of practice; it was kept as it is and is not counted here. Update practice to count it.",
        "Warning: {path} holds {count} records of a kind this version does not know ({types}), written by a newer version of practice; they were kept as they are and are not counted here. Update practice to count them.",
        count: count, ["path": path, "types": messages.list(types.map { "\"\($0)\"" })])
    case .damagedViewState(let path, let line, let column, let message, let copy):
      return messages.tr(
        "Warning: {path}:{line}:{column}: {problem}; the saved layout of the outline is damaged, so the outline opens collapsed; the damaged file was kept as {copy}.",
        ["path": path, "line": line, "column": column, "problem": messages.tr(message), "copy": copy])
    }
  }
}
