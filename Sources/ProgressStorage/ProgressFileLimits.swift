/// The largest progress files the program reads, by kind: a file over its cap, in its apparent
/// size (`st_size`) or in what it takes on disk (`st_blocks`), is refused with a one-line error
/// before a byte is read, so a sparse `truncate -s 200G snapshot.json` (4 KB on disk) is an
/// unreadable learner in the teacher's report, never a 200 GB allocation.
///
/// Far above what the program writes: the snapshot stays small however long the history, the
/// journal is compacted at 1,000 records, and a segment holds one journal.
///
/// ```swift
/// try fs.readWholeFileIfPresent(path, limit: ProgressFileLimits.snapshotBytes)
/// ```
package enum ProgressFileLimits {
  /// `snapshot.json`, `history-base.json` (which holds a format-1 history whole).
  package static let snapshotBytes = 512 << 20
  /// `journal.jsonl` and each kept segment.
  package static let journalBytes = 1 << 30
  /// `view-state.json`: the expanded nodes.
  package static let viewStateBytes = 64 << 20
}
