/// Rows a toggle inserted into or removed from the visible list.
///
/// Like `insertRowsAtIndexPaths:`/`deleteRowsAtIndexPaths:` in the seeds: a
/// view redraws just these rows.
public struct RowChange: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case inserted, removed }

  public var kind: Kind
  /// Row positions in the visible list (after the change for insertions, before it for removals).
  public var rows: Range<Int>

  public init(_ kind: Kind, rows: Range<Int>) {
    self.kind = kind
    self.rows = rows
  }
}
