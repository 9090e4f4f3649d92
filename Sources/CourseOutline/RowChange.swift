/// Rows a toggle inserted into or removed from the visible list.
///
/// Like `insertRowsAtIndexPaths:`/`deleteRowsAtIndexPaths:` in the seeds: a
/// view redraws just these rows.
package struct RowChange: Sendable, Equatable {
  package enum Kind: Sendable, Equatable { case inserted, removed }

  package var kind: Kind
  /// Row positions in the visible list (after the change for insertions, before it for removals).
  package var rows: Range<Int>

  package init(_ kind: Kind, rows: Range<Int>) {
    self.kind = kind
    self.rows = rows
  }
}
