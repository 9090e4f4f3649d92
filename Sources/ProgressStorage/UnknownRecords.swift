/// Records of a type a newer version of practice wrote, met while reading a learner's folder:
/// kept where they are and skipped when folding, so that this version never loses them.
///
/// A newer version may have compacted them into the journal's kept segments too, where they have
/// no journal line to name; the warning then names the learner's folder.
///
/// ```swift
/// let progress = try ReadOnlyProgress.load(directory: folder)
/// if let warning = progress.unknownRecords.warning(directory: folder) { print(warning.description(messages)) }
/// ```
package struct UnknownRecords: Sendable, Equatable {
  /// Journal lines holding them (1-based).
  package var journalLines: [Int] = []
  /// How many the journal's kept segments hold.
  package var inSegments = 0
  /// Their types, each once, in the order first seen.
  package var types: [String] = []

  package init() {}

  /// Every one of them, in the journal and in its kept segments.
  package var count: Int { journalLines.count + inSegments }
  package var isEmpty: Bool { count == 0 }

  /// Notes one record of `type`, found on `journalLine` of the journal, or in a segment when nil.
  mutating func note(_ type: String, journalLine: Int?) {
    if let journalLine { journalLines.append(journalLine) } else { inSegments += 1 }
    if !types.contains(type) { types.append(type) }
  }

  /// The one warning for all of them, naming the journal, or the folder when segments hold some;
  /// nil when there are none.
  package func warning(directory: String) -> ProgressWarning? {
    guard !isEmpty else { return nil }
    let path = inSegments == 0 ? directory + "/" + ProgressStore.journalName : directory
    return .unknownRecords(path: path, count: count, types: types)
  }
}
